import { z } from 'zod/mini';

export const wireCountryListSchema = z.array(z.object({ numericCode: z.string(), phoneCode: z.string(), countryName: z.string() }));

export const wireCityListSchema = z.array(z.object({ stateId: z.number(), stateCode: z.string(), stateName: z.string() }));

export const wireSubMunicipalityListSchema = z.array(
  z.object({ subMunicipalityId: z.number(), subMunicipalityNameInitialCapital: z.string() }),
);

export const wireNeighbourListSchema = z.array(z.object({ neighbourId: z.number(), neighbourNameInitialCapital: z.string() }));

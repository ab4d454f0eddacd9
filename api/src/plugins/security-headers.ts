import fp from 'fastify-plugin';
import { pagePolicy } from '@shop/core/node/page-policy';
import { addSecurityHeaders } from '@shop/core/node/security-headers';

/**
 * Helmet's headers on every answer (http/security-headers.ts): the page's policy, built from the
 * shop's page (its inline scripts) and the socket's origin, for documents; a policy that lets
 * nothing run or load for the API's JSON answers.
 */
export const securityHeaders = fp(
  async (app) => {
    const { config } = app;
    const publicUrl = new URL(config.publicUrl);
    const socketOrigin = `${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`;
    // A separate dev front end (CORS_ORIGINS) must be able to show the API's product images.
    const crossOriginResourcePolicy = { policy: config.corsOrigins.length > 0 ? ('cross-origin' as const) : ('same-site' as const) };
    const strictTransportSecurity = publicUrl.protocol === 'https:';
    await addSecurityHeaders(app, {
      documents: {
        contentSecurityPolicy: pagePolicy(app.shopPages?.shell.html ?? '', { connect: [socketOrigin] }),
        referrerPolicy: { policy: 'no-referrer' },
        crossOriginResourcePolicy,
        strictTransportSecurity,
      },
      api: {
        // Nothing may run or load in a JSON answer opened on its own, nor frame it.
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
        xFrameOptions: { action: 'deny' },
        referrerPolicy: { policy: 'no-referrer' },
        crossOriginResourcePolicy,
        strictTransportSecurity,
        crossOriginOpenerPolicy: false,
        originAgentCluster: false,
        xDnsPrefetchControl: false,
        xDownloadOptions: false,
        xPermittedCrossDomainPolicies: false,
        xXssProtection: false,
      },
    });
  },
  { name: 'security-headers', dependencies: ['core-services', 'pages'], fastify: '5.x' },
);

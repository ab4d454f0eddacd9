export interface Category {
  categoryId: number;
  categoryName: string;
  /** null for a top-level category. */
  parentCategoryId: number | null;
}

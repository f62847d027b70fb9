export const BRAND_NAME = import.meta.env.VITE_BRAND_NAME || 'PetDNA Registry';
export const PRODUCT_VERSION = 'v2.0';
export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL || 'support@petdnaregistry.com';

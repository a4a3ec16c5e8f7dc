/** `mer_` followed by 1–64 of `[A-Za-z0-9_-]`. */
export const MERCHANT_ID_PATTERN = /^mer_[A-Za-z0-9_-]{1,64}$/;

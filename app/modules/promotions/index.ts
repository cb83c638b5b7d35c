// The module's client-safe face: types, schemas and pure rules that components may use too.

export type { CouponResult } from "./coupon";
export {
  COUPON_CHECK_ERROR,
  COUPON_INVALID,
  COUPON_REMOVED,
  couponAppliedMessage,
} from "./coupon";
export { COUPON_REQUIRED, couponSchema } from "./coupon.schema";

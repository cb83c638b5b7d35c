// The module's client-safe face: types, schemas and pure rules that components may use too.

export type { CouponResult, CouponRule } from "./coupon";
export {
  COUPON_CHECK_ERROR,
  COUPON_INVALID,
  COUPON_REMOVED,
  couponAppliedMessage,
  couponDiscount,
  describeCoupon,
  evaluateCoupon,
} from "./coupon";
export { COUPON_REQUIRED, couponSchema } from "./coupon.schema";

// The module's server face: what other modules, routes, scripts and tests may use.
export {
  checkCoupon,
  createCoupon,
  listCoupons,
  redeemCoupon,
  setCouponActive,
} from "./coupons.server";

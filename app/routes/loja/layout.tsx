import { Outlet } from "react-router";

export default function LojaLayout() {
  return <Outlet />;
}

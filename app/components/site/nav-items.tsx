import { NavLink } from "react-router";
import { SITE_NAV } from "~/components/site/nav";

/** The public shell's links as list items: the header's bar and the mobile menu. */
export function SiteNavItems({
  className,
  onClick,
}: {
  className: (state: { isActive: boolean }) => string;
  onClick?: () => void;
}) {
  return SITE_NAV.map((item) => (
    <li key={item.to}>
      <NavLink
        reloadDocument
        to={item.to}
        end={item.to === "/"}
        className={className}
        onClick={onClick}
      >
        {item.label}
      </NavLink>
    </li>
  ));
}

import { Link } from "react-router";
import "../styles/brand.css";
import { BrandMark } from "./brand-mark";

/** The logo, linking home (or to `to`). */
export function Brand({ to = "/" }: { to?: string }) {
  return (
    <Link to={to} className="brand">
      <BrandMark />
      <span className="brand__name">Parley</span>
    </Link>
  );
}

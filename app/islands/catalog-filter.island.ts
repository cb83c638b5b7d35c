import { catalogFilter } from "./catalog-filter";
import { mountIsland } from "./mount";

mountIsland("catalog-filter", catalogFilter);

import { catalogFilter } from "~/islands/catalog-filter";
import { mountIsland } from "~/islands/mount";

mountIsland("catalog-filter", catalogFilter);

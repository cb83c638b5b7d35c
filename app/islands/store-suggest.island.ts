import { islandKit } from "~/islands/kit";
import { mountIsland } from "~/islands/mount";
import { storeSuggest } from "~/islands/store-suggest";

mountIsland("store-suggest", (props) => storeSuggest(props, islandKit()));

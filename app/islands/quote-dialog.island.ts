import { islandKit } from "~/islands/kit";
import { mountIsland } from "~/islands/mount";
import { quoteDialog } from "~/islands/quote-dialog";

mountIsland("quote-dialog", (props) => quoteDialog(props, islandKit()));

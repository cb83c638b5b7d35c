import { islandKit } from "./kit";
import { mountIsland } from "./mount";
import { quoteDialog } from "./quote-dialog";

mountIsland("quote-dialog", (props) => quoteDialog(props, islandKit()));

import { islandKit } from "./kit";
import { mountIsland } from "./mount";
import { storePurchase } from "./store-purchase";

mountIsland("store-purchase", (props) => storePurchase(props, islandKit()));

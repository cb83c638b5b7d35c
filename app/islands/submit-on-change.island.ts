import { mountIsland } from "./mount";
import { submitOnChange } from "./submit-on-change";

mountIsland("submit-on-change", submitOnChange);

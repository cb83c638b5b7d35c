import { mountIsland } from "~/islands/mount";
import { submitOnChange } from "~/islands/submit-on-change";

mountIsland("submit-on-change", submitOnChange);

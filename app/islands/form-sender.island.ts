import { formSender } from "./form-sender";
import { mountIsland } from "./mount";

mountIsland("form-sender", formSender);

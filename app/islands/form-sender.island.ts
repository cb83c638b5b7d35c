import { formSender } from "~/islands/form-sender";
import { mountIsland } from "~/islands/mount";

mountIsland("form-sender", formSender);

import { mountIsland } from "~/islands/mount";
import { unitHours } from "~/islands/unit-hours";

mountIsland("unit-hours", unitHours);

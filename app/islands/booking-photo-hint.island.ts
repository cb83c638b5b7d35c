import { bookingPhotoHint } from "~/islands/booking-photo-hint";
import { mountIsland } from "~/islands/mount";

mountIsland("booking-photo-hint", bookingPhotoHint);

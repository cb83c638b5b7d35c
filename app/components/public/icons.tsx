import {
  AwardIcon,
  BathIcon,
  BirdIcon,
  BoneIcon,
  CatIcon,
  CreditCardIcon,
  DogIcon,
  DropletsIcon,
  FishIcon,
  Gamepad2Icon,
  GiftIcon,
  HeartIcon,
  type LucideIcon,
  MapPinIcon,
  PackageIcon,
  PawPrintIcon,
  PiggyBankIcon,
  PillIcon,
  ShieldCheckIcon,
  SirenIcon,
  SofaIcon,
  TractorIcon,
  TruckIcon,
  UsersIcon,
} from "lucide-react";
import { InstagramIcon } from "~/components/site/chat-link";

const ICONS: Record<string, LucideIcon | typeof InstagramIcon> = {
  award: AwardIcon,
  bath: BathIcon,
  bird: BirdIcon,
  bone: BoneIcon,
  cat: CatIcon,
  "credit-card": CreditCardIcon,
  dog: DogIcon,
  droplets: DropletsIcon,
  fish: FishIcon,
  gamepad: Gamepad2Icon,
  gift: GiftIcon,
  heart: HeartIcon,
  "map-pin": MapPinIcon,
  package: PackageIcon,
  paw: PawPrintIcon,
  piggy: PiggyBankIcon,
  pill: PillIcon,
  shield: ShieldCheckIcon,
  siren: SirenIcon,
  sofa: SofaIcon,
  tractor: TractorIcon,
  truck: TruckIcon,
  users: UsersIcon,
  at: InstagramIcon,
};

/** A decorative icon named in the static content. */
export function ContentIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? PawPrintIcon;
  return <Icon className={className} aria-hidden="true" />;
}

import { Tabs as TabsPrimitive } from "radix-ui";
import { withClasses } from "~/components/ui/with-classes";

export const Tabs = TabsPrimitive.Root;

export const TabsList = withClasses(
  TabsPrimitive.List,
  "inline-flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1",
);
export const TabsTrigger = withClasses(
  TabsPrimitive.Trigger,
  "min-h-10 rounded-lg px-4 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow",
);
export const TabsContent = withClasses(TabsPrimitive.Content, "mt-4");

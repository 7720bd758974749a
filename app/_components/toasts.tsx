"use client";

import { Toaster } from "sonner";

/**
 * Toasts (docs/requirements.md#constants) stay 4000 ms, at most 3 visible; sonner announces them in a polite live
 * region, named in the market's language (`label`, from content) instead of sonner's English "Notifications alt+T".
 */
export default function Toasts({ label }: { label: string }) {
  return (
    <Toaster
      customAriaLabel={label}
      position="bottom-center"
      duration={4000}
      visibleToasts={3}
      toastOptions={{
        unstyled: false,
        classNames: {
          success: "!bg-brand-700 !text-white !border-brand-800",
          error: "!bg-danger !text-white !border-danger",
          description: "!text-white",
        },
      }}
    />
  );
}

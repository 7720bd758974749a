"use client";

import { useEffect } from "react";

/** docs/requirements.md#routes-and-languages: the unknown path is logged to the browser console. */
export function LogNotFound() {
  useEffect(() => {
    console.warn(`404: no page at ${window.location.pathname}`);
  }, []);
  return null;
}

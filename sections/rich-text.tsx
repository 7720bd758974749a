import { PortableText, type PortableTextComponents } from "@portabletext/react";
import type { PortableTextBlock } from "@portabletext/types";

const components: PortableTextComponents = {
  block: { normal: ({ children }) => <p>{children}</p> },
  marks: {
    strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
  },
};

/** Portable Text bodies edited in the Studio. */
export function RichText({ value, ...attributes }: { value: PortableTextBlock[]; className?: string }) {
  return (
    <div {...attributes}>
      <PortableText value={value} components={components} />
    </div>
  );
}

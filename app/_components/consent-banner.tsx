import {
  BANNER_ID,
  CHOICE_ATTRIBUTE,
  NOTICE_ID,
  NOW_ATTRIBUTE,
  REOPEN_ATTRIBUTE,
} from "@/lib/page-scripts/page-elements";

type Copy = {
  label: string;
  text: string;
  accept: string;
  reject: string;
  noticeLink: string;
  grantedNow: string;
  deniedNow: string;
};

/**
 * The tracking question, fixed to the bottom edge. Rendered by the server, so it is in the first frame for a visitor
 * who has not answered: the head script opens it before the body is parsed (it stays hidden without JavaScript, where
 * nobody can be asked), and the page's inline script answers its buttons from the first tap and reopens it from the
 * footer (lib/page-scripts/consent-banner.ts). Reopened, it says which answer is in force and marks that button.
 */
export function ConsentBanner({ copy }: { copy: Copy }) {
  const button = (answer: "granted" | "denied", label: string) => (
    <button type="button" className="group button-primary" {...{ [CHOICE_ATTRIBUTE]: answer }}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="hidden size-4 group-aria-pressed:block">
        <path
          d="m5 10.5 3.2 3.2L15 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {label}
    </button>
  );
  return (
    <section id={BANNER_ID} aria-label={copy.label} className="consent-banner">
      <div className="page-width band-row gap-3 py-3 sm:py-4">
        <div className="text-sm text-ink">
          <p>
            {copy.text}{" "}
            <a href={`#${NOTICE_ID}`} className="text-link">
              {copy.noticeLink}
            </a>
          </p>
          {/* Reopened, the answer in force; its words wait in attributes, as only the page's script can tell which. */}
          <p
            className="mt-1 font-medium"
            hidden
            {...{ [`${NOW_ATTRIBUTE}-granted`]: copy.grantedNow, [`${NOW_ATTRIBUTE}-denied`]: copy.deniedNow }}
          />
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-3 sm:flex">
          {button("denied", copy.reject)}
          {button("granted", copy.accept)}
        </div>
      </div>
    </section>
  );
}

/** The footer's control that brings the banner back; hidden until the page's script can make it work. */
export function ConsentSettingsButton({ label }: { label: string }) {
  return (
    <button type="button" hidden className="footer-link" {...{ [REOPEN_ATTRIBUTE]: "" }}>
      {label}
    </button>
  );
}

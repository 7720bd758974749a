"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import type { LandingContent } from "@/lib/content/landing-content";
import { formatCurrency } from "@/lib/markets/currency";
import type { MarketCurrency } from "@/lib/markets/markets";
import { CARRY_AMOUNT_ATTRIBUTE, ESTIMATE_AMOUNT_ID, ESTIMATE_ID } from "@/lib/page-scripts/page-elements";
import { estimateSavings, parseAmount } from "@/lib/savings/estimate";

type Props = {
  copy: Omit<LandingContent["hero"]["estimate"], "note">;
  cta: string;
  brandName: string;
  locale: string;
  currency: MarketCurrency;
  /** The footnote under the card (source and date of the assumptions), rendered on the server. */
  children: ReactNode;
  noteId: string;
};

/**
 * The hero's call to action and its savings estimate: what a typical bank and we charge for the visitor's monthly
 * amount, recomputed as they type. Rendered on the server with the default amount, so without JavaScript the card
 * shows that example and the call to action is a plain link to the form. Its code loads when the visitor first uses
 * the card (LazySavingsEstimate); what they typed before then counts. The link carries the amount into the form's
 * volume select from the first tap (the page's inline script, lib/page-scripts/amount-links.ts).
 */
export function SavingsEstimate({ copy, cta, brandName, locale, currency, children, noteId }: Props) {
  const number = new Intl.NumberFormat(locale);
  const [input, setInput] = useState(() => number.format(copy.defaultAmount));
  const amountRef = useRef<HTMLInputElement>(null);
  // Typed before this code loaded: the browser kept it in the field, and the estimate follows it from the start.
  useEffect(() => {
    const typed = amountRef.current?.value;
    if (typed !== undefined && typed !== input) setInput(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const decimalMark = number.formatToParts(1.5).find((p) => p.type === "decimal")?.value === "," ? "," : ".";
  const amount = parseAmount(input, decimalMark);
  const estimate = amount ? estimateSavings(amount, copy.bank, copy.ours) : null;

  const usd = (value: number) =>
    new Intl.NumberFormat(locale, { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(value);
  const local = (usdValue: number) => `≈ ${formatCurrency(usdValue * copy.usdRate, locale, currency, { exact: true })}`;
  const percent = (value: number, digits = 0) =>
    new Intl.NumberFormat(locale, {
      style: "percent",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  const cell = (value: number | undefined) => (value == null ? "—" : usd(value));

  const rows: [string, keyof NonNullable<typeof estimate>["bank"], string?, string?][] = [
    [copy.feeLabel, "fee"],
    [
      copy.fxMarginLabel,
      "fxMargin",
      percent(copy.bank.fxMarginPercent / 100, 2),
      percent(copy.ours.fxMarginPercent / 100, 2),
    ],
    [copy.intermediaryLabel, "intermediary"],
    [copy.totalLabel, "total"],
  ];

  return (
    <>
      <a
        href="#contact-form"
        {...{ [CARRY_AMOUNT_ATTRIBUTE]: "" }}
        className="button-light mt-10 justify-self-start lg:col-start-1 lg:row-start-2 lg:self-start"
      >
        {cta}
      </a>
      <div id={ESTIMATE_ID} className="mt-10 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:mt-0">
        <div className="estimate-card">
          <h2 className="text-lg font-bold">{copy.title}</h2>
          <label htmlFor={ESTIMATE_AMOUNT_ID} className="mt-4 block text-sm font-medium">
            {copy.amountLabel}
          </label>
          <div className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <input
              ref={amountRef}
              id={ESTIMATE_AMOUNT_ID}
              value={input}
              onChange={(e) => setInput(e.target.value)}
              onBlur={() => amount && setInput(number.format(amount))}
              inputMode="numeric"
              autoComplete="off"
              maxLength={15}
              aria-describedby={noteId}
              className="estimate-input"
            />
            <span className="text-sm text-muted tabular-nums">{amount ? local(amount) : null}</span>
          </div>
          <table className="estimate-table">
            <thead>
              <tr>
                <td />
                <th scope="col">{copy.bankLabel}</th>
                <th scope="col">{brandName}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, key, bankNote, ourNote]) => (
                <tr key={key} className={key === "total" ? "border-slate-300 font-bold" : undefined}>
                  <th scope="row">{label}</th>
                  <td>
                    {cell(estimate?.bank[key])}
                    {bankNote ? <span>{bankNote}</span> : null}
                  </td>
                  <td>
                    {cell(estimate?.ours[key])}
                    {ourNote ? <span>{ourNote}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-4 rounded-xl bg-emerald-50 p-4">
            <p className="text-sm font-medium text-accent">{copy.savingLabel}</p>
            <output htmlFor={ESTIMATE_AMOUNT_ID} className="mt-1 block">
              <span className="block text-3xl font-extrabold text-accent tabular-nums">
                {estimate ? usd(estimate.saving) : "—"}
              </span>
              {estimate ? (
                <span className="mt-1 block text-sm text-ink tabular-nums">
                  {local(estimate.saving)} · {copy.savingShare.replace("{percent}", percent(estimate.savingShare))}
                </span>
              ) : null}
            </output>
          </div>
        </div>
        {children}
      </div>
    </>
  );
}

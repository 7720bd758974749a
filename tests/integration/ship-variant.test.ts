import { createClient, type SanityClient } from "@sanity/client";
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  shipVariant,
  shipVariantByKey,
  stopRunningExperiment,
  type ExperimentVariant,
} from "@/lib/experiments/ship-variant";
import { readDataset, writeDataset } from "../support/sanity/dataset-file";
import { SANITY_EDITOR_TOKEN, startFakeSanityApi, type FakeSanityApi } from "../support/sanity/fake-content-lake-api";

// The Studio's "Ship a variant…" and "Stop" actions, through @sanity/client against a Content Lake stand-in that
// applies their mutations to a copy of the seed.
const EXPERIMENT = "experiment.mx-importadores-china-titulo";
const PAGE = "campaignPage.mx.importadores-china";

let lake: FakeSanityApi;
let dataset: string;
let client: SanityClient;

beforeEach(async () => {
  dataset = join(mkdtempSync(join(tmpdir(), "ship-")), "landing.ndjson");
  copyFileSync("studio/seed/landing.ndjson", dataset);
  lake = await startFakeSanityApi(dataset, 0, { mutations: true });
  client = createClient({
    projectId: "e2esanity",
    dataset: "production",
    apiHost: lake.url,
    useProjectHostname: false,
    apiVersion: "2025-10-01",
    useCdn: false,
    token: SANITY_EDITOR_TOKEN,
  });
});
afterEach(() => lake.close());

type Page = { _id: string; _type: string; hero: { title?: string; cta?: string } };
type Experiment = { _id: string; variants: ExperimentVariant[]; stoppedAt?: string; shipped?: string };
const doc = <T = Page>(id: string) => readDataset(dataset).find((d) => d._id === id) as T | undefined;
const shipped = () => doc<Experiment>(EXPERIMENT)!.variants[1]!;

describe("shipping the winner", () => {
  it("puts the variant's title on a draft of the page, leaves the published page and the rest of it as they were, and stops the experiment naming the variant", async () => {
    const published = doc(PAGE)!;
    const variant = shipped();
    expect(variant.hero?.title).toBe("Ahorra en cada pago a tus proveedores en China");

    await shipVariant(client, { experimentId: EXPERIMENT, hasDraft: false, pageId: PAGE, variant });

    const draft = doc(`drafts.${PAGE}`)!;
    expect(draft.hero.title).toBe(variant.hero!.title);
    expect({ ...draft, _id: PAGE, hero: { ...draft.hero, title: published.hero.title } }).toEqual(published);
    expect(doc(PAGE)).toEqual(published);
    const experiment = doc<Experiment>(EXPERIMENT)!;
    expect(experiment.shipped).toBe("ahorro");
    expect(Date.parse(experiment.stoppedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("keeps the marketer's other edits in a draft the page already has", async () => {
    const docs = readDataset(dataset);
    const draft = structuredClone(docs.find((d) => d._id === PAGE)!);
    (draft.hero as Page["hero"]).cta = "Cotiza hoy";
    writeDataset([...docs, { ...draft, _id: `drafts.${PAGE}` }], dataset);

    await shipVariant(client, { experimentId: EXPERIMENT, hasDraft: false, pageId: PAGE, variant: shipped() });

    expect(doc(`drafts.${PAGE}`)!.hero).toMatchObject({ title: shipped().hero!.title, cta: "Cotiza hoy" });
  });

  it("changes nothing when the page is gone: the experiment keeps running", async () => {
    writeDataset(
      readDataset(dataset).filter((d) => d._id !== PAGE),
      dataset,
    );
    await expect(
      shipVariant(client, { experimentId: EXPERIMENT, hasDraft: false, pageId: PAGE, variant: shipped() }),
    ).rejects.toThrow(PAGE);
    expect(doc<Experiment>(EXPERIMENT)!.stoppedAt).toBeUndefined();
    expect(doc(`drafts.${PAGE}`)).toBeUndefined();
  });

  it("writes nothing on the page when the experiment cannot be stopped (deleted meanwhile): both or neither", async () => {
    const variant = shipped();
    writeDataset(
      readDataset(dataset).filter((d) => d._id !== EXPERIMENT),
      dataset,
    );
    await expect(
      shipVariant(client, { experimentId: EXPERIMENT, hasDraft: false, pageId: PAGE, variant }),
    ).rejects.toThrow(EXPERIMENT);
    expect(doc(`drafts.${PAGE}`)).toBeUndefined();
  });

  it("stops an experiment on its published document and its draft", async () => {
    const docs = readDataset(dataset);
    writeDataset([...docs, { ...docs.find((d) => d._id === EXPERIMENT)!, _id: `drafts.${EXPERIMENT}` }], dataset);

    await stopRunningExperiment(client, EXPERIMENT, true);

    for (const id of [EXPERIMENT, `drafts.${EXPERIMENT}`]) {
      expect(doc<Experiment>(id)!.stoppedAt, id).toEqual(expect.any(String));
      expect(doc<Experiment>(id)!.shipped, id).toBeUndefined();
    }
  });

  it("by the variant's key, as the Results tool ships: reads the experiment as it is now, stops its draft too, and refuses one that has stopped", async () => {
    const docs = readDataset(dataset);
    writeDataset([...docs, { ...docs.find((d) => d._id === EXPERIMENT)!, _id: `drafts.${EXPERIMENT}` }], dataset);

    expect(await shipVariantByKey(client, EXPERIMENT, "ahorro")).toEqual({ id: PAGE, type: "campaignPage" });
    expect(doc(`drafts.${PAGE}`)!.hero.title).toBe("Ahorra en cada pago a tus proveedores en China");
    for (const id of [EXPERIMENT, `drafts.${EXPERIMENT}`])
      expect(doc<Experiment>(id), id).toMatchObject({ shipped: "ahorro" });

    const before = readDataset(dataset);
    await expect(shipVariantByKey(client, EXPERIMENT, "ahorro")).rejects.toThrow(`${EXPERIMENT} is not running`);
    await expect(shipVariantByKey(client, "experiment.gone", "ahorro")).rejects.toThrow("is not running");
    expect(readDataset(dataset)).toEqual(before);
  });
});

/**
 * Every word the Studio shows about experiments (the document's fields, its checks, its actions, the desk), in the
 * Studio's three languages: English, Spain's Spanish and Brazilian Portuguese. studio/studio-locales.ts registers
 * them in our namespace; the schema's English is each word's fallback. `{{name}}` is filled in by Sanity's
 * translation function.
 */
export type ExperimentLocale = "en-US" | "es-ES" | "pt-BR";
type Words = Record<ExperimentLocale, string>;

export const EXPERIMENT_WORDS = {
  type: { "en-US": "Experiment", "es-ES": "Experimento", "pt-BR": "Experimento" },
  desk: { "en-US": "Experiments", "es-ES": "Experimentos", "pt-BR": "Experimentos" },
  name: { "en-US": "Name", "es-ES": "Nombre", "pt-BR": "Nome" },
  nameHelp: {
    "en-US": "What the Results tool calls it.",
    "es-ES": "Cómo lo llama la herramienta de resultados.",
    "pt-BR": "Como a ferramenta de resultados o chama.",
  },
  key: { "en-US": "Key", "es-ES": "Clave", "pt-BR": "Chave" },
  keyHelp: {
    "en-US":
      "Names the experiment in the visitor's cookie and in the counts: lowercase letters, digits and single hyphens. Never change it while it runs.",
    "es-ES":
      "Nombra el experimento en la cookie del visitante y en los recuentos: minúsculas, dígitos y guiones simples. No la cambies mientras esté en marcha.",
    "pt-BR":
      "Nomeia o experimento no cookie do visitante e nas contagens: minúsculas, dígitos e hífens simples. Não a altere enquanto estiver em andamento.",
  },
  hypothesis: { "en-US": "Hypothesis", "es-ES": "Hipótesis", "pt-BR": "Hipótese" },
  hypothesisHelp: {
    "en-US":
      "What you expect to change and why, written before it starts: “Naming the saving in the title brings more leads, because…”",
    "es-ES":
      "Qué esperas que cambie y por qué, escrito antes de empezar: «Nombrar el ahorro en el título trae más contactos, porque…»",
    "pt-BR":
      "O que você espera que mude e por quê, escrito antes de começar: “Citar a economia no título traz mais leads, porque…”",
  },
  page: { "en-US": "Page", "es-ES": "Página", "pt-BR": "Página" },
  pageHelp: {
    "en-US": "A market's page or a campaign page. One experiment at a time per page.",
    "es-ES": "La página de un mercado o una página de campaña. Un experimento a la vez por página.",
    "pt-BR": "A página de um mercado ou uma página de campanha. Um experimento por vez em cada página.",
  },
  variants: { "en-US": "Variants", "es-ES": "Variantes", "pt-BR": "Variantes" },
  variantsHelp: {
    "en-US":
      "Two to four. The first is the control: the page as published, overriding nothing. Each other variant overrides what a campaign page can; leave a field empty to keep the page's.",
    "es-ES":
      "De dos a cuatro. La primera es el control: la página tal como está publicada, sin cambiar nada. Cada otra variante cambia lo que puede cambiar una página de campaña; deja un campo vacío para mantener el de la página.",
    "pt-BR":
      "De duas a quatro. A primeira é o controle: a página como está publicada, sem alterar nada. Cada outra variante altera o que uma página de campanha pode alterar; deixe um campo vazio para manter o da página.",
  },
  variant: { "en-US": "Variant", "es-ES": "Variante", "pt-BR": "Variante" },
  control: {
    "en-US": "Control (the page as published)",
    "es-ES": "Control (la página publicada)",
    "pt-BR": "Controle (a página publicada)",
  },
  variantName: { "en-US": "Variant name", "es-ES": "Nombre de la variante", "pt-BR": "Nome da variante" },
  weight: {
    "en-US": "Share of visitors (%)",
    "es-ES": "Parte de los visitantes (%)",
    "pt-BR": "Parcela dos visitantes (%)",
  },
  weightHelp: {
    "en-US": "Leave every share empty for an even split; otherwise give each variant one, adding up to 100.",
    "es-ES": "Deja todas vacías para repartir por igual; si no, da una a cada variante y que sumen 100.",
    "pt-BR": "Deixe todas vazias para dividir igualmente; senão, dê uma a cada variante, somando 100.",
  },
  heroTitle: { "en-US": "Hero title", "es-ES": "Título principal", "pt-BR": "Título principal" },
  heroBody: { "en-US": "Hero body", "es-ES": "Texto principal", "pt-BR": "Texto principal" },
  heroCta: { "en-US": "Call to action", "es-ES": "Llamada a la acción", "pt-BR": "Chamada para ação" },
  defaultAmount: {
    "en-US": "Estimate's starting amount (USD)",
    "es-ES": "Importe inicial de la estimación (USD)",
    "pt-BR": "Valor inicial da simulação (USD)",
  },
  benefits: { "en-US": "Benefits", "es-ES": "Beneficios", "pt-BR": "Benefícios" },
  sections: { "en-US": "Sections", "es-ES": "Secciones", "pt-BR": "Seções" },
  metric: { "en-US": "Primary metric", "es-ES": "Métrica principal", "pt-BR": "Métrica principal" },
  leadRate: {
    "en-US": "Lead rate (leads / visitors)",
    "es-ES": "Tasa de contactos (contactos / visitantes)",
    "pt-BR": "Taxa de leads (leads / visitantes)",
  },
  qualifiedLeadRate: {
    "en-US": "Qualified-lead rate (once sales can mark leads)",
    "es-ES": "Tasa de contactos cualificados (cuando ventas pueda marcarlos)",
    "pt-BR": "Taxa de leads qualificados (quando vendas puder marcá-los)",
  },
  plannedEnd: { "en-US": "Planned end", "es-ES": "Fin previsto", "pt-BR": "Fim previsto" },
  plannedEndHelp: {
    "en-US":
      "Assignment stops then, and the visitor's cookie expires then (at most 90 days). Start by publishing (or schedule the publish); stop with “Stop experiment”.",
    "es-ES":
      "Entonces deja de asignar y caduca la cookie del visitante (90 días como máximo). Empieza al publicar (o programa la publicación); para con «Detener experimento».",
    "pt-BR":
      "A atribuição para nessa data e o cookie do visitante expira (no máximo 90 dias). Começa ao publicar (ou agende a publicação); pare com “Parar experimento”.",
  },
  stoppedAt: { "en-US": "Stopped", "es-ES": "Detenido", "pt-BR": "Parado" },
  shipped: { "en-US": "Shipped variant", "es-ES": "Variante aplicada", "pt-BR": "Variante aplicada" },
  example: { "en-US": "Example", "es-ES": "Ejemplo", "pt-BR": "Exemplo" },
  exampleWarning: {
    "en-US": "An example from the seed dataset: delete it before launch.",
    "es-ES": "Un ejemplo del conjunto de datos inicial: bórralo antes del lanzamiento.",
    "pt-BR": "Um exemplo do conjunto de dados inicial: apague-o antes do lançamento.",
  },
  required: { "en-US": "Required", "es-ES": "Obligatorio", "pt-BR": "Obrigatório" },
  keyRule: {
    "en-US": "Lowercase letters (a-z), digits and single hyphens, at most {{max}} characters.",
    "es-ES": "Minúsculas (a-z), dígitos y guiones simples, {{max}} caracteres como máximo.",
    "pt-BR": "Minúsculas (a-z), dígitos e hífens simples, no máximo {{max}} caracteres.",
  },
  keyTaken: {
    "en-US": "Another experiment uses this key.",
    "es-ES": "Otro experimento usa esta clave.",
    "pt-BR": "Outro experimento usa esta chave.",
  },
  variantKeyTaken: {
    "en-US": "Two variants share this key.",
    "es-ES": "Dos variantes comparten esta clave.",
    "pt-BR": "Duas variantes compartilham esta chave.",
  },
  variantCount: {
    "en-US": "An experiment has two to four variants.",
    "es-ES": "Un experimento tiene de dos a cuatro variantes.",
    "pt-BR": "Um experimento tem de duas a quatro variantes.",
  },
  controlOverrides: {
    "en-US": "The first variant is the control, the page as published: leave its fields empty.",
    "es-ES": "La primera variante es el control, la página publicada: deja sus campos vacíos.",
    "pt-BR": "A primeira variante é o controle, a página publicada: deixe seus campos vazios.",
  },
  nothingOverridden: {
    "en-US": "This variant overrides nothing: it would show the control.",
    "es-ES": "Esta variante no cambia nada: mostraría el control.",
    "pt-BR": "Esta variante não altera nada: mostraria o controle.",
  },
  weightsSum: {
    "en-US": "The shares must all be empty (an even split) or all set and add up to 100.",
    "es-ES": "Las partes deben estar todas vacías (reparto igual) o todas indicadas y sumar 100.",
    "pt-BR": "As parcelas devem estar todas vazias (divisão igual) ou todas preenchidas, somando 100.",
  },
  endTooFar: {
    "en-US": "At most 90 days from now.",
    "es-ES": "Como máximo 90 días desde hoy.",
    "pt-BR": "No máximo 90 dias a partir de hoje.",
  },
  endMissing: {
    "en-US":
      "Decide how long it runs before it starts: without a planned end it runs until stopped (its cookie lasts 90 days).",
    "es-ES":
      "Decide cuánto dura antes de empezar: sin fin previsto dura hasta que lo detengas (su cookie dura 90 días).",
    "pt-BR":
      "Decida quanto tempo dura antes de começar: sem fim previsto, dura até ser parado (o cookie dura 90 dias).",
  },
  conclusion: { "en-US": "What we learned", "es-ES": "Qué aprendimos", "pt-BR": "O que aprendemos" },
  conclusionHelp: {
    "en-US": "The result and the decision, in a sentence or two, for whoever reads it later.",
    "es-ES": "El resultado y la decisión, en una o dos frases, para quien lo lea más adelante.",
    "pt-BR": "O resultado e a decisão, em uma ou duas frases, para quem ler depois.",
  },
  endPast: {
    "en-US": "The planned end has passed: the experiment assigns no one.",
    "es-ES": "El fin previsto ya pasó: el experimento no asigna a nadie.",
    "pt-BR": "O fim previsto já passou: o experimento não atribui ninguém.",
  },
  qualifiedUnavailable: {
    "en-US": "Sales cannot mark leads as qualified yet: choose the lead rate.",
    "es-ES": "Ventas todavía no puede marcar contactos cualificados: elige la tasa de contactos.",
    "pt-BR": "Vendas ainda não pode marcar leads qualificados: escolha a taxa de leads.",
  },
  alreadyRunning: {
    "en-US": "“{{name}}” is already running on this page: stop it before publishing this one.",
    "es-ES": "«{{name}}» ya está en marcha en esta página: detenlo antes de publicar este.",
    "pt-BR": "“{{name}}” já está em andamento nesta página: pare-o antes de publicar este.",
  },
  stop: { "en-US": "Stop experiment", "es-ES": "Detener experimento", "pt-BR": "Parar experimento" },
  stopConfirm: {
    "en-US": "Everyone will see the page as published within seconds. The results are kept.",
    "es-ES": "En segundos todos verán la página publicada. Los resultados se conservan.",
    "pt-BR": "Em segundos todos verão a página publicada. Os resultados são mantidos.",
  },
  ship: { "en-US": "Ship a variant…", "es-ES": "Aplicar una variante…", "pt-BR": "Aplicar uma variante…" },
  shipTitle: { "en-US": "Ship the winner", "es-ES": "Aplicar la ganadora", "pt-BR": "Aplicar a vencedora" },
  shipExplain: {
    "en-US":
      "The variant's fields become a draft of the page, which you review and publish; the experiment stops now and keeps its result.",
    "es-ES":
      "Los campos de la variante pasan a un borrador de la página, que revisas y publicas; el experimento se detiene ahora y conserva su resultado.",
    "pt-BR":
      "Os campos da variante viram um rascunho da página, que você revisa e publica; o experimento para agora e mantém seu resultado.",
  },
  shipVariant: { "en-US": "Ship “{{name}}”", "es-ES": "Aplicar «{{name}}»", "pt-BR": "Aplicar “{{name}}”" },
  shipDone: {
    "en-US": "Draft of the page created and experiment stopped: open the page to publish it.",
    "es-ES": "Borrador de la página creado y experimento detenido: abre la página para publicarlo.",
    "pt-BR": "Rascunho da página criado e experimento parado: abra a página para publicá-lo.",
  },
  openPage: { "en-US": "Open the page", "es-ES": "Abrir la página", "pt-BR": "Abrir a página" },
  actionFailed: {
    "en-US": "That did not work: {{error}}",
    "es-ES": "No ha funcionado: {{error}}",
    "pt-BR": "Não funcionou: {{error}}",
  },
  cancel: { "en-US": "Cancel", "es-ES": "Cancelar", "pt-BR": "Cancelar" },
  running: { "en-US": "Running", "es-ES": "En marcha", "pt-BR": "Em andamento" },
  notPublished: { "en-US": "Not published", "es-ES": "Sin publicar", "pt-BR": "Não publicado" },
} as const satisfies Record<string, Words>;

export type ExperimentWord = keyof typeof EXPERIMENT_WORDS;

export const experimentKey = (word: ExperimentWord) => `experiment.${word}`;

/** A check's message in the marketer's Studio language (Sanity picks the entry of the current locale). */
export function localisedMessage(word: ExperimentWord, values: Record<string, string | number> = {}) {
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
  const words = EXPERIMENT_WORDS[word] as Words;
  return { "en-US": fill(words["en-US"]), "es-ES": fill(words["es-ES"]), "pt-BR": fill(words["pt-BR"]) };
}

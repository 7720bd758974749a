/**
 * Every word of the Results tool, in the Studio's three languages (English, Spain's Spanish, Brazilian Portuguese),
 * registered in our namespace by studio/studio-locales.ts (which checks every word has all three). `{{name}}` is filled in by Sanity's translation function.
 */
export const RESULTS_WORDS = {
  title: { "en-US": "Results", "es-ES": "Resultados", "pt-BR": "Resultados" },
  intro: {
    "en-US":
      "Visits, visitors, form starts and leads per page and campaign, counted without cookies or personal data. Days follow the market's time zone ({{zone}}).",
    "es-ES":
      "Visitas, visitantes, formularios empezados y contactos por página y campaña, contados sin cookies ni datos personales. Los días siguen la zona horaria del mercado ({{zone}}).",
    "pt-BR":
      "Visitas, visitantes, formulários iniciados e leads por página e campanha, contados sem cookies nem dados pessoais. Os dias seguem o fuso horário do mercado ({{zone}}).",
  },
  market: { "en-US": "Market", "es-ES": "Mercado", "pt-BR": "Mercado" },
  page: { "en-US": "Page", "es-ES": "Página", "pt-BR": "Página" },
  allPages: { "en-US": "All pages", "es-ES": "Todas las páginas", "pt-BR": "Todas as páginas" },
  range: { "en-US": "Dates", "es-ES": "Fechas", "pt-BR": "Datas" },
  today: { "en-US": "Today", "es-ES": "Hoy", "pt-BR": "Hoje" },
  last7: { "en-US": "Last 7 days", "es-ES": "Últimos 7 días", "pt-BR": "Últimos 7 dias" },
  last30: { "en-US": "Last 30 days", "es-ES": "Últimos 30 días", "pt-BR": "Últimos 30 dias" },
  custom: { "en-US": "Custom", "es-ES": "Personalizado", "pt-BR": "Personalizado" },
  from: { "en-US": "From", "es-ES": "Desde", "pt-BR": "De" },
  to: { "en-US": "To", "es-ES": "Hasta", "pt-BR": "Até" },
  breakdown: { "en-US": "Break down by", "es-ES": "Desglosar por", "pt-BR": "Detalhar por" },
  byPage: { "en-US": "Page only", "es-ES": "Solo página", "pt-BR": "Só página" },
  byCampaign: { "en-US": "Campaign", "es-ES": "Campaña", "pt-BR": "Campanha" },
  byDevice: { "en-US": "Device", "es-ES": "Dispositivo", "pt-BR": "Dispositivo" },
  download: { "en-US": "Download CSV", "es-ES": "Descargar CSV", "pt-BR": "Baixar CSV" },
  refresh: { "en-US": "Refresh", "es-ES": "Actualizar", "pt-BR": "Atualizar" },
  source: { "en-US": "Source", "es-ES": "Fuente", "pt-BR": "Origem" },
  medium: { "en-US": "Medium", "es-ES": "Medio", "pt-BR": "Mídia" },
  campaign: { "en-US": "Campaign", "es-ES": "Campaña", "pt-BR": "Campanha" },
  device: { "en-US": "Device", "es-ES": "Dispositivo", "pt-BR": "Dispositivo" },
  phone: { "en-US": "Phone", "es-ES": "Móvil", "pt-BR": "Celular" },
  desktop: { "en-US": "Desktop", "es-ES": "Ordenador", "pt-BR": "Computador" },
  visits: { "en-US": "Visits", "es-ES": "Visitas", "pt-BR": "Visitas" },
  visitors: { "en-US": "Visitors", "es-ES": "Visitantes", "pt-BR": "Visitantes" },
  formStarts: { "en-US": "Form starts", "es-ES": "Formularios empezados", "pt-BR": "Formulários iniciados" },
  leads: { "en-US": "Leads", "es-ES": "Contactos", "pt-BR": "Leads" },
  held: { "en-US": "Held", "es-ES": "Retenidos", "pt-BR": "Retidos" },
  qualified: { "en-US": "Qualified", "es-ES": "Calificados", "pt-BR": "Qualificados" },
  won: { "en-US": "Won", "es-ES": "Clientes", "pt-BR": "Clientes" },
  qualifiedRate: { "en-US": "Qualified rate", "es-ES": "Tasa de calificados", "pt-BR": "Taxa de qualificados" },
  wonRate: { "en-US": "Won rate", "es-ES": "Tasa de clientes", "pt-BR": "Taxa de clientes" },
  ofLeads: { "en-US": "{{rate}} of leads", "es-ES": "{{rate}} de los contactos", "pt-BR": "{{rate}} dos leads" },
  stagesNote: {
    "en-US":
      "Qualified and won count the leads of the range by sales' latest verdict (from the email links or the CRM), on the day each lead arrived: a lead qualified later adds to the day it came in.",
    "es-ES":
      "Calificados y clientes cuentan los contactos del periodo según el último veredicto de ventas (desde los enlaces del correo o el CRM), el día en que llegó cada contacto: un contacto calificado más tarde suma al día en que llegó.",
    "pt-BR":
      "Qualificados e clientes contam os leads do período pelo último veredito de vendas (pelos links do e-mail ou pelo CRM), no dia em que cada lead chegou: um lead qualificado depois soma no dia em que chegou.",
  },
  conversion: { "en-US": "Conversion", "es-ES": "Conversión", "pt-BR": "Conversão" },
  previous: { "en-US": "Previous period", "es-ES": "Periodo anterior", "pt-BR": "Período anterior" },
  comparedWith: {
    "en-US": "{{from}} – {{to}}, compared with the previous {{days}} days ({{previousFrom}} – {{previousTo}})",
    "es-ES": "{{from}} – {{to}}, comparado con los {{days}} días anteriores ({{previousFrom}} – {{previousTo}})",
    "pt-BR": "{{from}} – {{to}}, comparado com os {{days}} dias anteriores ({{previousFrom}} – {{previousTo}})",
  },
  comparedWithDay: {
    "en-US": "{{from}}, compared with the day before ({{previousFrom}})",
    "es-ES": "{{from}}, comparado con el día anterior ({{previousFrom}})",
    "pt-BR": "{{from}}, comparado com o dia anterior ({{previousFrom}})",
  },
  previousValue: { "en-US": "Before: {{value}}", "es-ES": "Antes: {{value}}", "pt-BR": "Antes: {{value}}" },
  interval: {
    "en-US": "95% interval: {{low}} – {{high}}",
    "es-ES": "Intervalo del 95 %: {{low}} – {{high}}",
    "pt-BR": "Intervalo de 95%: {{low}} – {{high}}",
  },
  intervalLow: {
    "en-US": "95% interval, low",
    "es-ES": "Intervalo del 95 %, mínimo",
    "pt-BR": "Intervalo de 95%, mínimo",
  },
  intervalHigh: {
    "en-US": "95% interval, high",
    "es-ES": "Intervalo del 95 %, máximo",
    "pt-BR": "Intervalo de 95%, máximo",
  },
  noDevice: {
    "en-US": "Leads sent before the site recorded devices have none: by device, they are in the rows marked —.",
    "es-ES":
      "Los contactos enviados antes de que el sitio registrara el dispositivo no tienen: en este desglose aparecen en las filas marcadas con —.",
    "pt-BR":
      "Os leads enviados antes de o site registrar o dispositivo não têm um: neste detalhamento, aparecem nas linhas marcadas com —.",
  },
  visitorsNote: {
    "en-US":
      "Visitors are distinct per day and added up over the days of the range: someone who came on three days counts three times. On one day, someone who saw two pages counts once in each page's row and once in the totals.",
    "es-ES":
      "Los visitantes se cuentan una vez por día y se suman en los días del periodo: quien vino tres días cuenta tres veces. En un mismo día, quien vio dos páginas cuenta una vez en la fila de cada página y una vez en los totales.",
    "pt-BR":
      "Os visitantes são contados uma vez por dia e somados nos dias do período: quem veio em três dias conta três vezes. Num mesmo dia, quem viu duas páginas conta uma vez na linha de cada página e uma vez nos totais.",
  },
  visitorsUnavailable: {
    "en-US":
      "Visitors are not counted on this server (no trusted client address: CLIENT_IP_HEADER is unset), so there is no conversion rate.",
    "es-ES":
      "Este servidor no cuenta visitantes (no tiene una dirección de cliente fiable: falta CLIENT_IP_HEADER), así que no hay tasa de conversión.",
    "pt-BR":
      "Este servidor não conta visitantes (não há endereço de cliente confiável: falta CLIENT_IP_HEADER), então não há taxa de conversão.",
  },
  exceed: {
    "en-US":
      "More leads than visitors: some visitors block the counter (ad blockers, scripts off), so no rate is shown for this row.",
    "es-ES":
      "Más contactos que visitantes: algunos visitantes bloquean el contador (bloqueadores de anuncios, scripts desactivados), así que esta fila no muestra tasa.",
    "pt-BR":
      "Mais leads que visitantes: alguns visitantes bloqueiam o contador (bloqueadores de anúncios, scripts desativados), então esta linha não mostra taxa.",
  },
  heldNote: {
    "en-US": "Held leads arrived without a valid proof of work; they are stored but not counted as leads.",
    "es-ES":
      "Los contactos retenidos llegaron sin una prueba de trabajo válida: se guardan, pero no cuentan como contactos.",
    "pt-BR": "Os leads retidos chegaram sem uma prova de trabalho válida: ficam guardados, mas não contam como leads.",
  },
  speed: { "en-US": "Field speed", "es-ES": "Velocidad real", "pt-BR": "Velocidade real" },
  speedIntro: {
    "en-US":
      "75th percentile from real visitors' browsers (three in four were at least this fast), with the number of samples.",
    "es-ES":
      "Percentil 75 medido en los navegadores de visitantes reales (tres de cada cuatro fueron al menos así de rápidos), con el número de muestras.",
    "pt-BR":
      "Percentil 75 medido nos navegadores de visitantes reais (três em cada quatro foram pelo menos tão rápidos), com o número de amostras.",
  },
  samples: { "en-US": "{{count}} samples", "es-ES": "{{count}} muestras", "pt-BR": "{{count}} amostras" },
  noSamples: { "en-US": "no samples", "es-ES": "sin muestras", "pt-BR": "sem amostras" },
  loading: { "en-US": "Loading results…", "es-ES": "Cargando resultados…", "pt-BR": "Carregando resultados…" },
  empty: {
    "en-US": "No traffic in this period yet: visits appear here a few seconds after they happen.",
    "es-ES": "Todavía no hay tráfico en este periodo: las visitas aparecen aquí unos segundos después.",
    "pt-BR": "Ainda não há tráfego neste período: as visitas aparecem aqui alguns segundos depois.",
  },
  unconfigured: {
    "en-US":
      "No store is configured for the counts: the site's server needs SUPABASE_SECRET_KEY (see docs/deploy.md). Ask whoever runs the site.",
    "es-ES":
      "No hay un almacén configurado para los recuentos: el servidor del sitio necesita SUPABASE_SECRET_KEY (ver docs/deploy.md). Pídeselo a quien gestiona el sitio.",
    "pt-BR":
      "Não há armazenamento configurado para as contagens: o servidor do site precisa de SUPABASE_SECRET_KEY (veja docs/deploy.md). Peça a quem administra o site.",
  },
  storeDown: {
    "en-US": "The counts could not be read just now. Try again in a moment.",
    "es-ES": "No se pudieron leer los recuentos. Vuelve a intentarlo en un momento.",
    "pt-BR": "Não foi possível ler as contagens agora. Tente de novo em instantes.",
  },
  signedOut: {
    "en-US": "The site did not accept your Studio session. Sign out and in again.",
    "es-ES": "El sitio no aceptó tu sesión del Studio. Cierra sesión y vuelve a entrar.",
    "pt-BR": "O site não aceitou sua sessão do Studio. Saia e entre de novo.",
  },
  badRange: {
    "en-US": "Choose a range of at most 366 days, its start before its end.",
    "es-ES": "Elige un periodo de 366 días como máximo, con el inicio antes del final.",
    "pt-BR": "Escolha um período de no máximo 366 dias, com o início antes do fim.",
  },
  total: { "en-US": "Total", "es-ES": "Total", "pt-BR": "Total" },
  sortBy: { "en-US": "Sort by {{column}}", "es-ES": "Ordenar por {{column}}", "pt-BR": "Ordenar por {{column}}" },
  experiments: { "en-US": "Experiments", "es-ES": "Experimentos", "pt-BR": "Experimentos" },
  experimentsIntro: {
    "en-US":
      "Each variant's visitors and leads since the experiment began (at most 90 days), compared with the control. Rates per visitor with their 95% credible interval, from a Bayesian beta-binomial model with a uniform Beta(1, 1) prior.",
    "es-ES":
      "Visitantes y contactos de cada variante desde que empezó el experimento (90 días como máximo), comparados con el control. Tasas por visitante con su intervalo creíble del 95 %, de un modelo bayesiano beta-binomial con la previa uniforme Beta(1, 1).",
    "pt-BR":
      "Visitantes e leads de cada variante desde o início do experimento (no máximo 90 dias), comparados com o controle. Taxas por visitante com o intervalo de credibilidade de 95%, de um modelo bayesiano beta-binomial com a priori uniforme Beta(1, 1).",
  },
  noExperiments: {
    "en-US": "No experiment in this market yet. Create one under Experiments in the desk.",
    "es-ES": "Todavía no hay experimentos en este mercado. Crea uno en Experimentos, en el escritorio.",
    "pt-BR": "Ainda não há experimentos neste mercado. Crie um em Experimentos, na mesa.",
  },
  running: { "en-US": "Running", "es-ES": "En marcha", "pt-BR": "Em andamento" },
  stopped: { "en-US": "Stopped", "es-ES": "Detenido", "pt-BR": "Parado" },
  example: {
    "en-US": "Example: delete before launch",
    "es-ES": "Ejemplo: bórralo antes del lanzamiento",
    "pt-BR": "Exemplo: apague antes do lançamento",
  },
  variant: { "en-US": "Variant", "es-ES": "Variante", "pt-BR": "Variante" },
  share: { "en-US": "Share", "es-ES": "Parte", "pt-BR": "Parcela" },
  control: { "en-US": "control", "es-ES": "control", "pt-BR": "controle" },
  versusControl: { "en-US": "Against control", "es-ES": "Frente al control", "pt-BR": "Contra o controle" },
  beatsControl: {
    "en-US": "Chance to beat control",
    "es-ES": "Probabilidad de superar al control",
    "pt-BR": "Chance de superar o controle",
  },
  sampleRatioMismatch: {
    "en-US":
      "The split is broken: the variants got {{observed}} of the visitors where {{expected}} was set (chi-squared p = {{p}}). Do not read this result; ask whoever runs the site to check the assignment.",
    "es-ES":
      "El reparto está roto: las variantes recibieron {{observed}} de los visitantes cuando se fijó {{expected}} (chi cuadrado p = {{p}}). No leas este resultado; pide a quien gestiona el sitio que revise la asignación.",
    "pt-BR":
      "A divisão está quebrada: as variantes receberam {{observed}} dos visitantes quando {{expected}} foi definido (qui-quadrado p = {{p}}). Não leia este resultado; peça a quem administra o site que verifique a atribuição.",
  },
  needed: {
    "en-US":
      "To detect a change of {{lift}} on the control's rate it needs {{total}} visitors in all: {{more}} more at this split. Do not stop it on a lucky day before then.",
    "es-ES":
      "Para detectar un cambio del {{lift}} sobre la tasa del control necesita {{total}} visitantes en total: {{more}} más con este reparto. No lo detengas antes por un día con suerte.",
    "pt-BR":
      "Para detectar uma mudança de {{lift}} na taxa do controle, precisa de {{total}} visitantes no total: mais {{more}} com esta divisão. Não pare antes por um dia de sorte.",
  },
  neededUnknown: {
    "en-US": "How many visitors it needs is known once the control has a lead.",
    "es-ES": "Cuántos visitantes necesita se sabrá cuando el control tenga un contacto.",
    "pt-BR": "Quantos visitantes são necessários se saberá quando o controle tiver um lead.",
  },
  perVisit: {
    "en-US": "Visitors are not counted on this site (no trusted client address): rates are per visit.",
    "es-ES": "Este sitio no cuenta visitantes (sin dirección de cliente fiable): las tasas son por visita.",
    "pt-BR": "Este site não conta visitantes (sem endereço de cliente confiável): as taxas são por visita.",
  },
  conclusion: { "en-US": "What we learned", "es-ES": "Qué aprendimos", "pt-BR": "O que aprendemos" },
  shippedVariant: { "en-US": "Shipped: {{name}}", "es-ES": "Aplicada: {{name}}", "pt-BR": "Aplicada: {{name}}" },
} as const;

export type ResultsWord = keyof typeof RESULTS_WORDS;

/** A word's key in our namespace. */
export const resultsKey = (word: ResultsWord) => `results.${word}`;

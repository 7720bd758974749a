import type { Lead } from "../contact/leads-store-contract";
import type { FormFieldName, PrefixName } from "../leads/lead-fields";
import type { Country, Reason } from "../leads/options";
import type { Market } from "../markets/markets";

/**
 * The label of each form field's row, by the field's name (the country code is shown with the number): a field
 * declared without one does not compile (lib/leads/lead-fields.ts).
 */
export type FieldLabels = Record<Exclude<FormFieldName, PrefixName>, string>;

/** The sales alert's words per market: written for the sales team, so they live here rather than in the content. */
export type Copy = FieldLabels & {
  newLead: string;
  market: string;
  marketName: string;
  call: string;
  whatsapp: string;
  receivedAt: string;
  consent: string;
  notice: string;
  /** The experiment variant the lead saw on the page. */
  variant: string;
  leadId: string;
  reference: string;
  promised: string;
  arrived: string;
  hours: Record<"in" | "out", string>;
  firstTouch: string;
  lastTouch: string;
  noCampaign: string;
  landing: string;
  referrer: string;
  clickIds: string;
  visitedAt: string;
  orMore: string;
  perMonth: string;
  countries: Record<Country, string>;
  reasons: Record<Reason, string>;
  consents: Record<Lead["consent"], string>;
  footer: string;
};

const SPANISH = {
  newLead: "Nuevo lead",
  company: "Empresa",
  contact: "Contacto",
  email: "Correo",
  phone: "Teléfono",
  call: "Llamar",
  whatsapp: "WhatsApp",
  country: "Destino de los pagos",
  reason: "Motivo",
  volume: "Monto mensual",
  receivedAt: "Recibido",
  consent: "Medición (Meta)",
  notice: "Aviso de privacidad mostrado",
  variant: "Variante del experimento que vio",
  leadId: "ID del lead",
  reference: "Referencia (la que ve el cliente)",
  promised: "Prometimos llamar antes de",
  arrived: "Llegó",
  hours: { in: "en horario de ventas", out: "fuera de horario de ventas" },
  firstTouch: "Primer contacto de campaña",
  lastTouch: "Último contacto de campaña",
  noCampaign: "Sin campaña registrada (visita directa).",
  landing: "Página de llegada",
  referrer: "Sitio de origen",
  clickIds: "IDs de clic",
  visitedAt: "Visita",
  orMore: "o más",
  perMonth: "/mes",
  countries: {
    usa: "Estados Unidos",
    argentina: "Argentina",
    brazil: "Brasil",
    colombia: "Colombia",
    other: "Otro país",
  },
  reasons: {
    goods: "Importación de mercancías",
    services: "Pago de servicios",
    contractors: "Freelancers o contratistas",
    invoice: "Facturas entre empresas",
    other: "Otro motivo",
  },
} as const;

export const COPY: Record<Market, Copy> = {
  mx: {
    ...SPANISH,
    market: "Mercado",
    marketName: "México",
    consents: {
      granted: "aceptada",
      denied: "rechazada",
      unanswered: "sin respuesta",
      not_asked: "no se pide en este mercado",
    },
    footer: "Aviso automático del formulario de contacto. Responde pronto: los primeros minutos cuentan.",
  },
  ar: {
    ...SPANISH,
    reasons: { ...SPANISH.reasons, goods: "Importación de mercadería" },
    market: "Mercado",
    marketName: "Argentina",
    consents: {
      granted: "aceptada",
      denied: "rechazada",
      unanswered: "sin respuesta",
      not_asked: "no se pide en este mercado",
    },
    footer: "Aviso automático del formulario de contacto. Respondé pronto: los primeros minutos cuentan.",
  },
  br: {
    newLead: "Novo lead",
    market: "Mercado",
    marketName: "Brasil",
    company: "Empresa",
    contact: "Contato",
    email: "E-mail",
    phone: "Telefone",
    call: "Ligar",
    whatsapp: "WhatsApp",
    country: "Destino dos pagamentos",
    reason: "Motivo",
    volume: "Valor mensal",
    receivedAt: "Recebido",
    consent: "Medição (Meta)",
    notice: "Aviso de privacidade exibido",
    variant: "Variante do experimento que viu",
    leadId: "ID do lead",
    reference: "Referência (a que o cliente vê)",
    promised: "Prometemos ligar até",
    arrived: "Chegou",
    hours: { in: "no horário comercial", out: "fora do horário comercial" },
    firstTouch: "Primeiro contato de campanha",
    lastTouch: "Último contato de campanha",
    noCampaign: "Nenhuma campanha registrada (visita direta).",
    landing: "Página de entrada",
    referrer: "Site de origem",
    clickIds: "IDs de clique",
    visitedAt: "Visita",
    orMore: "ou mais",
    perMonth: "/mês",
    countries: {
      usa: "Estados Unidos",
      argentina: "Argentina",
      brazil: "Brasil",
      colombia: "Colômbia",
      other: "Outro país",
    },
    reasons: {
      goods: "Importação de mercadorias",
      services: "Pagamento de serviços",
      contractors: "Prestadores de serviço ou freelancers",
      invoice: "Faturas entre empresas",
      other: "Outro motivo",
    },
    consents: {
      granted: "aceita",
      denied: "recusada",
      unanswered: "sem resposta",
      not_asked: "não é pedida neste mercado",
    },
    footer: "Aviso automático do formulário de contato. Responda logo: os primeiros minutos contam.",
  },
};

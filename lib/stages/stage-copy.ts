import type { Market } from "../markets/markets";
import type { NotQualifiedReason, Stage } from "./stages";

/**
 * Sales' words for the stages, per market: the buttons of the sales email and the confirmation page the links open.
 * Written for the sales team (not marketers' content), natively: Mexican and Argentine Spanish (voseo), Brazilian
 * Portuguese.
 */
export type StageCopy = {
  /** The stage's name on a button and in the page's answers. */
  stages: Record<Stage, string>;
  reasons: Record<NotQualifiedReason, string>;
  email: { title: string; hint: string };
  page: {
    title: string;
    reference: string;
    company: string;
    question: Record<Stage, string>;
    reasonLegend: string;
    confirm: string;
    current: string;
    /** Shown after the button recorded the stage. */
    recorded: string;
    /** Shown when the lead already had it (a second click, a link opened again). */
    already: string;
    changeHint: string;
    forged: string;
    expired: string;
    expiredHint: string;
    noLead: string;
    unavailable: string;
  };
};

const SPANISH_STAGES: Pick<StageCopy, "stages" | "reasons"> = {
  stages: { qualified: "Calificado", not_qualified: "No califica", customer: "Cliente" },
  reasons: {
    not_a_business: "No es una empresa",
    outside_corridors: "Fuera de nuestros corredores",
    below_minimum: "Por debajo de nuestro mínimo",
    duplicate: "Duplicado",
    spam: "Spam",
  },
};

const SPANISH_PAGE = {
  title: "Etapa del lead",
  reference: "Referencia",
  company: "Empresa",
  question: {
    qualified: "¿Marcar este lead como calificado?",
    not_qualified: "¿Marcar este lead como no calificado?",
    customer: "¿Marcar este lead como cliente?",
  },
  reasonLegend: "¿Por qué no califica?",
  confirm: "Confirmar",
  current: "Etapa actual",
  recorded: "Listo: quedó registrado como «{stage}».",
  already: "Ya estaba registrado como «{stage}» desde el {date}. No se registró nada nuevo.",
  noLead: "Este lead ya no existe: pudo haberse eliminado a pedido de la persona.",
};

export const STAGE_COPY: Record<Market, StageCopy> = {
  mx: {
    ...SPANISH_STAGES,
    email: {
      title: "¿Cómo va este lead?",
      hint: "Un clic abre una página donde confirmas. Los enlaces valen 180 días: usa «Cliente» cuando firme.",
    },
    page: {
      ...SPANISH_PAGE,
      changeHint: "Si cambias de opinión, abre otro enlace del correo: queda registrado como una etapa nueva.",
      forged: "Este enlace no es válido: puede estar incompleto o alterado. Ábrelo de nuevo desde el correo.",
      expired: "Este enlace venció: los enlaces valen 180 días desde el aviso.",
      expiredHint: "Registra la etapa desde el CRM.",
      unavailable: "No pudimos registrar la etapa en este momento. Intenta de nuevo en unos minutos.",
    },
  },
  ar: {
    ...SPANISH_STAGES,
    email: {
      title: "¿Cómo va este lead?",
      hint: "Un clic abre una página donde confirmás. Los enlaces valen 180 días: usá «Cliente» cuando firme.",
    },
    page: {
      ...SPANISH_PAGE,
      changeHint: "Si cambiás de opinión, abrí otro enlace del correo: queda registrado como una etapa nueva.",
      forged: "Este enlace no es válido: puede estar incompleto o alterado. Abrilo de nuevo desde el correo.",
      expired: "Este enlace venció: los enlaces valen 180 días desde el aviso.",
      expiredHint: "Registrá la etapa desde el CRM.",
      unavailable: "No pudimos registrar la etapa en este momento. Probá de nuevo en unos minutos.",
    },
  },
  br: {
    stages: { qualified: "Qualificado", not_qualified: "Não qualificado", customer: "Cliente" },
    reasons: {
      not_a_business: "Não é uma empresa",
      outside_corridors: "Fora dos nossos corredores",
      below_minimum: "Abaixo do nosso mínimo",
      duplicate: "Duplicado",
      spam: "Spam",
    },
    email: {
      title: "Como está este lead?",
      hint: "Um clique abre uma página para você confirmar. Os links valem por 180 dias: use «Cliente» quando o contrato for fechado.",
    },
    page: {
      title: "Etapa do lead",
      reference: "Referência",
      company: "Empresa",
      question: {
        qualified: "Marcar este lead como qualificado?",
        not_qualified: "Marcar este lead como não qualificado?",
        customer: "Marcar este lead como cliente?",
      },
      reasonLegend: "Por que não se qualifica?",
      confirm: "Confirmar",
      current: "Etapa atual",
      recorded: "Pronto: registrado como «{stage}».",
      already: "Já estava registrado como «{stage}» desde {date}. Nada novo foi registrado.",
      changeHint: "Se mudar de ideia, abra outro link do e-mail: fica registrado como uma nova etapa.",
      forged: "Este link não é válido: pode estar incompleto ou alterado. Abra-o de novo a partir do e-mail.",
      expired: "Este link expirou: os links valem por 180 dias a partir do aviso.",
      expiredHint: "Registre a etapa pelo CRM.",
      noLead: "Este lead não existe mais: pode ter sido excluído a pedido da pessoa.",
      unavailable: "Não foi possível registrar a etapa agora. Tente de novo em alguns minutos.",
    },
  },
};

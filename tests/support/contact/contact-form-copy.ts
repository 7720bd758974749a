import type { ContactFormCopy } from "../../../app/_components/contact-form";

/** The contact form's words for unit tests: Mexico's, shortened; the options as the route's values with labels. */
export const FORM_COPY: ContactFormCopy = {
  fields: {
    company: { label: "Nombre de la empresa", placeholder: "Ej.: Importadora del Norte" },
    contact: { label: "Nombre de contacto", placeholder: "Nombre y apellido" },
    email: { label: "Correo electrónico", placeholder: "nombre@empresa.com" },
    phonePrefix: { label: "Código de país" },
    phone: { label: "Número de teléfono", placeholder: "55 1234 5678" },
    country: { label: "País de destino de los pagos", placeholder: "Elige un país" },
    reason: { label: "Motivo del pago", placeholder: "Elige un motivo" },
    volume: { label: "Monto mensual aproximado", placeholder: "Elige un rango" },
  },
  options: {
    phonePrefix: ["52", "1", "54", "55", "57"].map((value) => ({ value, label: `+${value}` })),
    country: [
      { value: "usa", label: "Estados Unidos" },
      { value: "colombia", label: "Colombia" },
    ],
    reason: [{ value: "goods", label: "Importación de mercancías" }],
    volume: [{ value: "10000-49999", label: "USD 10,000 – USD 49,999" }],
  },
  submit: "Enviar solicitud",
  submitting: "…",
  submittingLabel: "Enviando…",
  missingAll: "Completa el formulario para enviar tu solicitud.",
  missingHint: "Para enviar, completa: {fields}.",
  emailInvalid: "Escribe un correo completo, por ejemplo nombre@empresa.com.",
  phoneInvalid: "Este número no es válido con el código {code}.",
  phoneOtherCountry: "¿Es un número de {country}?",
  phoneUsePrefix: "Usar {code}",
  phoneNotOffered: "Por ahora solo atendemos los códigos de país de la lista.",
  successTitle: "Solicitud recibida",
  successMessage: "Nos pondremos en contacto contigo pronto.",
  successNext: "Un especialista te llamará en menos de un día hábil.",
  errorTitle: "No pudimos enviar tu solicitud",
  errorMessage: "No se pudo completar el envío. Inténtalo de nuevo en un momento.",
  errorInvalid: "Revisa los campos marcados y vuelve a enviar tu solicitud.",
  errorRateLimited: "Hiciste varios intentos seguidos. Vuelve a intentarlo en {minutes}.",
  invalidField: "Revisa este dato.",
  toasterLabel: "Notificaciones",
  followUp: null,
};

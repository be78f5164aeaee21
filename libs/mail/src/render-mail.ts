import Handlebars from 'handlebars';
import {
  BUTTON_PARTIAL,
  HTML_LAYOUT,
  MAIL_TEMPLATES,
  type MailTemplateData,
  type MailTemplateName,
} from './mail-templates.js';

/** What every template may read besides its own data. */
export interface MailSite {
  siteName: string;
  contactEmail: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Compiled = Record<keyof RenderedMail, Handlebars.TemplateDelegate>;

// A Handlebars of our own (no global helpers or partials from elsewhere); templates compiled once.
const handlebars = Handlebars.create();
handlebars.registerPartial('button', BUTTON_PARTIAL);
const layout = handlebars.compile(HTML_LAYOUT, { strict: true });
const compiled = new Map<MailTemplateName, Compiled>();

function compile(name: MailTemplateName): Compiled {
  let templates = compiled.get(name);
  if (!templates) {
    const source = MAIL_TEMPLATES[name];
    // Strict: a template naming data it was not given fails instead of leaving a blank.
    templates = {
      subject: handlebars.compile(source.subject, { strict: true, noEscape: true }),
      text: handlebars.compile(source.text, { strict: true, noEscape: true }),
      html: handlebars.compile(source.html, { strict: true }),
    };
    compiled.set(name, templates);
  }
  return templates;
}

/** A template with its data: the subject, the plain-text part and the HTML part (layout included). */
export function renderMail<T extends MailTemplateName>(
  name: T,
  data: MailTemplateData[T],
  site: MailSite,
): RenderedMail {
  const templates = compile(name);
  const context = { ...site, ...data };
  const subject = templates.subject(context);
  return {
    subject,
    text: templates.text(context),
    html: layout({ ...site, subject, body: templates.html(context) }),
  };
}

import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { Transporter } from 'nodemailer';
import { getConfig } from '../../config';
import type { MailSender, OutgoingMail } from '../../domain/team/ports';

// The e-mail port: Amazon SES v2 in AWS, the local SMTP server (npm start, tests) locally.

let ses: SESv2Client | undefined;

export function sesMailSender(from: string, configurationSet?: string): MailSender {
  return {
    async send(mail: OutgoingMail) {
      ses ??= new SESv2Client({ region: getConfig().region });
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [mail.to] },
          ConfigurationSetName: configurationSet,
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
            },
          },
        }),
      );
    },
  };
}

/**
 * The local stack's sender. nodemailer (~240 KB minified) is loaded on first use and is not
 * bundled into the Lambda functions (infra/build-functions.ts marks it external): in AWS mail
 * goes through SES and this code never runs.
 */
export function smtpMailSender(from: string, smtp: { host: string; port: number }): MailSender {
  let transport: Promise<Transporter> | undefined;
  return {
    async send(mail: OutgoingMail) {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true }));
      await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}

let sender: MailSender | undefined;

/** The configured sender: SMTP when SMTP_PORT is set (local stack), SES otherwise. */
export function mailSender(): MailSender {
  if (sender) return sender;
  const config = getConfig();
  sender = config.smtp ? smtpMailSender(config.mailFrom, config.smtp) : sesMailSender(config.mailFrom, config.sesConfigurationSet);
  return sender;
}

/**
 * The real @sendgrid/mail SDK pointed at a local stub server, for the tests
 * that replace SendGrid at its HTTP boundary: only the transport target
 * changes; Mail.create, the v3 JSON body, the Authorization header, axios and
 * the ResponseError path are the SDK's own.
 */
import { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';

/** A MailService whose requests go to `baseUrl` (a loopback stub) with `apiKey`. */
export function sendgridMailerAt(baseUrl: string, apiKey = 'SG.test-key'): MailService {
  const client = new Client();
  // setApiKey sets auth AND resets baseUrl, so it goes first.
  client.setApiKey(apiKey);
  client.setDefaultRequest('baseUrl', baseUrl);
  // axios inside the SDK honours HTTP(S)_PROXY; the stub is on loopback, never proxy it.
  client.setDefaultRequest({ proxy: false } as unknown as Parameters<Client['setDefaultRequest']>[0]);
  const mailer = new MailService();
  mailer.setClient(client);
  return mailer;
}

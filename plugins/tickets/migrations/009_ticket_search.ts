import type { Knex } from 'knex'

/**
 * The message search looks at one document per ticket instead of at every message (issue 21): the
 * words of all its messages, without positions, GIN-indexed. A common word is then found by walking
 * the newest tickets and reading each one's document (one row, not its tens of messages), a rare one
 * by the index alone. Triggers keep it: every insert statement on messages adds its words per ticket
 * in one upsert (an inbound batch is one statement), and an edit adds the new text. Words of an
 * edited or deleted text stay: the ticket may still match them (the conversation did hold them).
 * Replaces 007's per-message column and its index, which every message insert paid for.
 */
export async function up(knex: Knex) {
  await knex.raw(`
    CREATE TABLE ticket_search (
      "ticketId" integer PRIMARY KEY REFERENCES tickets(id) ON DELETE CASCADE,
      "companyId" integer NOT NULL,
      document tsvector NOT NULL
    )`)
  await knex.raw(`
    INSERT INTO ticket_search ("ticketId", "companyId", document)
    SELECT "ticketId", min("companyId"), strip(to_tsvector('simple', string_agg(body, ' ')))
      FROM messages WHERE body <> '' GROUP BY "ticketId"`)
  await knex.raw('CREATE INDEX ticket_search_document ON ticket_search USING gin (document)')
  await knex.raw(`
    CREATE FUNCTION ticket_search_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ticket_search AS s ("ticketId", "companyId", document)
      SELECT "ticketId", min("companyId"), strip(to_tsvector('simple', string_agg(body, ' ')))
        FROM added WHERE body <> '' GROUP BY "ticketId"
      ON CONFLICT ("ticketId") DO UPDATE SET document = strip(s.document || excluded.document)
        WHERE s.document IS DISTINCT FROM strip(s.document || excluded.document);
      RETURN NULL;
    END $$`)
  await knex.raw(`
    CREATE TRIGGER messages_ticket_search_insert AFTER INSERT ON messages
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ticket_search_add()`)
  // Transition tables cannot go with a column list: edits are few, one row at a time.
  await knex.raw(`
    CREATE FUNCTION ticket_search_edit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ticket_search AS s ("ticketId", "companyId", document)
      VALUES (NEW."ticketId", NEW."companyId", strip(to_tsvector('simple', NEW.body)))
      ON CONFLICT ("ticketId") DO UPDATE SET document = strip(s.document || excluded.document);
      RETURN NULL;
    END $$`)
  await knex.raw(`
    CREATE TRIGGER messages_ticket_search_edit AFTER UPDATE OF body ON messages
      FOR EACH ROW WHEN (NEW.body IS DISTINCT FROM OLD.body AND NEW.body <> '') EXECUTE FUNCTION ticket_search_edit()`)
  await knex.raw('ALTER TABLE messages DROP COLUMN IF EXISTS "searchVector"')
}

export async function down(knex: Knex) {
  await knex.raw('DROP TRIGGER IF EXISTS messages_ticket_search_edit ON messages')
  await knex.raw('DROP TRIGGER IF EXISTS messages_ticket_search_insert ON messages')
  await knex.raw('DROP FUNCTION IF EXISTS ticket_search_edit()')
  await knex.raw('DROP FUNCTION IF EXISTS ticket_search_add()')
  await knex.raw('DROP TABLE IF EXISTS ticket_search')
  await knex.raw(
    `ALTER TABLE messages ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, body)) STORED`,
  )
  await knex.raw('CREATE INDEX messages_search_vector ON messages USING gin ("searchVector")')
}

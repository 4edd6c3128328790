--
-- PostgreSQL database dump
--

\restrict roWlRbcfLH4wYyTnu2xUJXPvmcjjcB9Sg8aChwJOcFcgMhcExbpAdf0c8I30uL1

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: pg_trgm; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;


--
-- Name: EXTENSION pg_trgm; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.accounts (
    username_key text NOT NULL,
    username text NOT NULL,
    display_name text NOT NULL,
    role text NOT NULL,
    password_hash text NOT NULL,
    disabled boolean DEFAULT false NOT NULL,
    created_at double precision NOT NULL,
    updated_at double precision NOT NULL,
    CONSTRAINT accounts_role_check CHECK ((role = ANY (ARRAY['viewer'::text, 'clerk'::text, 'supervisor'::text])))
);


--
-- Name: cleanstore_health; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.cleanstore_health (
    probe integer NOT NULL
);


--
-- Name: cleanstore_schema_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.cleanstore_schema_migrations (
    version integer NOT NULL,
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: order_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.order_events (
    id bigint NOT NULL,
    order_id bigint NOT NULL,
    kind text NOT NULL,
    happened_at double precision NOT NULL,
    by_username text,
    by_display_name text,
    changes text NOT NULL,
    status_from text,
    status_to text,
    status_reason text
);


--
-- Name: order_events_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.order_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.order_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: order_notes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.order_notes (
    id bigint NOT NULL,
    order_id bigint NOT NULL,
    text text NOT NULL,
    written_at double precision NOT NULL,
    by_username text,
    by_display_name text
);


--
-- Name: order_notes_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.order_notes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.order_notes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.orders (
    id bigint NOT NULL,
    created_at double precision NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    phone text NOT NULL,
    email text NOT NULL,
    shipment_street1 text NOT NULL,
    shipment_street2 text NOT NULL,
    shipment_city text NOT NULL,
    shipment_state text NOT NULL,
    shipment_zip text NOT NULL,
    shipment_speed integer NOT NULL,
    card_expiry_year integer NOT NULL,
    card_expiry_month integer NOT NULL,
    billing_street1 text NOT NULL,
    billing_street2 text NOT NULL,
    billing_city text NOT NULL,
    billing_state text NOT NULL,
    billing_zip text NOT NULL,
    total numeric(12,2) NOT NULL,
    card_ciphertext bytea NOT NULL,
    card_key_id text NOT NULL,
    card_last4 text NOT NULL,
    created_by_username text,
    created_by_display_name text,
    updated_by_username text,
    updated_by_display_name text,
    updated_at double precision,
    search_text text DEFAULT ''::text NOT NULL COLLATE pg_catalog."C",
    sort_name text DEFAULT ''::text NOT NULL COLLATE pg_catalog."C",
    total_cents bigint DEFAULT 0 NOT NULL,
    status text DEFAULT 'new'::text NOT NULL,
    cancellation_reason text,
    idempotency_key text,
    CONSTRAINT orders_status_check CHECK ((status = ANY (ARRAY['new'::text, 'paid'::text, 'packed'::text, 'shipped'::text, 'cancelled'::text])))
);


--
-- Name: orders_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.orders ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.orders_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    id_hash bytea NOT NULL,
    account_key text NOT NULL,
    created_at double precision NOT NULL,
    last_seen_at double precision NOT NULL
);


--
-- Name: sign_in_failures; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sign_in_failures (
    id bigint NOT NULL,
    username_key text NOT NULL,
    address text NOT NULL,
    attempted_at double precision NOT NULL
);


--
-- Name: sign_in_failures_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.sign_in_failures ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.sign_in_failures_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.accounts VALUES ('amy', 'Amy', 'Amy Apple', 'supervisor', '$2b$04$fixture.hash.amy', false, 1800000000, 1800000000);
INSERT INTO public.accounts VALUES ('bob', 'bob', 'Bob Battery', 'clerk', '$2b$04$fixture.hash.bob', true, 1800000001, 1800000002);


--
-- Data for Name: cleanstore_health; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: cleanstore_schema_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.cleanstore_schema_migrations VALUES (1, 'orders', '2026-11-25 13:30:48.595724+00');
INSERT INTO public.cleanstore_schema_migrations VALUES (2, 'card numbers encrypted', '2026-11-25 13:30:48.595724+00');
INSERT INTO public.cleanstore_schema_migrations VALUES (3, 'health probe', '2026-11-25 13:30:48.595724+00');
INSERT INTO public.cleanstore_schema_migrations VALUES (4, 'accounts', '2026-11-25 13:30:48.595724+00');
INSERT INTO public.cleanstore_schema_migrations VALUES (5, 'sessions', '2026-11-25 13:30:48.595724+00');
INSERT INTO public.cleanstore_schema_migrations VALUES (6, 'sign-in attempts', '2026-11-25 13:30:48.595724+00');
INSERT INTO public.cleanstore_schema_migrations VALUES (7, 'order history', '2026-11-25 13:30:48.595724+00');
INSERT INTO public.cleanstore_schema_migrations VALUES (8, 'order search', '2026-11-25 13:30:48.595724+00');
INSERT INTO public.cleanstore_schema_migrations VALUES (9, 'order status', '2026-11-25 13:30:48.595724+00');
INSERT INTO public.cleanstore_schema_migrations VALUES (10, 'order notes', '2026-11-25 13:30:48.595724+00');
INSERT INTO public.cleanstore_schema_migrations VALUES (11, 'no double orders', '2026-11-25 13:30:48.595724+00');


--
-- Data for Name: order_events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.order_events OVERRIDING SYSTEM VALUE VALUES (1, 1, 'created', 1800000010, 'Amy', 'Amy Apple', '[]', NULL, NULL, NULL);
INSERT INTO public.order_events OVERRIDING SYSTEM VALUE VALUES (2, 2, 'created', 1800000011, 'Amy', 'Amy Apple', '[]', NULL, NULL, NULL);
INSERT INTO public.order_events OVERRIDING SYSTEM VALUE VALUES (3, 3, 'created', 1800000012, 'Amy', 'Amy Apple', '[]', NULL, NULL, NULL);
INSERT INTO public.order_events OVERRIDING SYSTEM VALUE VALUES (4, 4, 'created', 1800000013, 'Amy', 'Amy Apple', '[]', NULL, NULL, NULL);
INSERT INTO public.order_events OVERRIDING SYSTEM VALUE VALUES (5, 5, 'created', 1800000014, 'Amy', 'Amy Apple', '[]', NULL, NULL, NULL);
INSERT INTO public.order_events OVERRIDING SYSTEM VALUE VALUES (6, 1, 'updated', 1800000020, 'bob', 'Bob Battery', '[{"field":"Phone number","new":"999-999-9999","old":"111-111-1111"}]', NULL, NULL, NULL);
INSERT INTO public.order_events OVERRIDING SYSTEM VALUE VALUES (7, 2, 'updated', 1800000036, 'Amy', 'Amy Apple', '[{"field":"Status","new":"Paid","old":"New"}]', 'new', 'paid', NULL);
INSERT INTO public.order_events OVERRIDING SYSTEM VALUE VALUES (8, 3, 'updated', 1800000041, 'Amy', 'Amy Apple', '[{"field":"Status","new":"Paid","old":"New"}]', 'new', 'paid', NULL);
INSERT INTO public.order_events OVERRIDING SYSTEM VALUE VALUES (9, 3, 'updated', 1800000042, 'Amy', 'Amy Apple', '[{"field":"Status","new":"Packed","old":"Paid"}]', 'paid', 'packed', NULL);
INSERT INTO public.order_events OVERRIDING SYSTEM VALUE VALUES (10, 4, 'updated', 1800000046, 'Amy', 'Amy Apple', '[{"field":"Status","new":"Paid","old":"New"}]', 'new', 'paid', NULL);
INSERT INTO public.order_events OVERRIDING SYSTEM VALUE VALUES (11, 4, 'updated', 1800000047, 'Amy', 'Amy Apple', '[{"field":"Status","new":"Packed","old":"Paid"}]', 'paid', 'packed', NULL);
INSERT INTO public.order_events OVERRIDING SYSTEM VALUE VALUES (12, 4, 'updated', 1800000048, 'Amy', 'Amy Apple', '[{"field":"Status","new":"Shipped","old":"Packed"}]', 'packed', 'shipped', NULL);
INSERT INTO public.order_events OVERRIDING SYSTEM VALUE VALUES (13, 5, 'updated', 1800000051, 'Amy', 'Amy Apple', '[{"field":"Status","new":"Cancelled","old":"New"},{"field":"Cancellation reason","new":"Customer changed their mind","old":""}]', 'new', 'cancelled', 'Customer changed their mind');


--
-- Data for Name: order_notes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.order_notes OVERRIDING SYSTEM VALUE VALUES (1, 1, 'Call before delivery; gate code 42', 1800000021, 'Amy', 'Amy Apple');


--
-- Data for Name: orders; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.orders OVERRIDING SYSTEM VALUE VALUES (1, 1800000010, 2, 'Ann', 'Apple', '999-999-9999', 'amy.apple@clean-swift.com', '1 Infinite Loop', '', 'Cupertino', 'CA', '95014', 0, 2029, 4, '1 Infinite Loop', '', 'Cupertino', 'CA', '95014', 0.00, '\xfedd6216fc74bfcd02c6bae359b97f067b6d0940134376a88c88adf834db7c7b6d119858f40bb753792f3212', '630dcd2966c43366', '1111', 'Amy', 'Amy Apple', 'bob', 'Bob Battery', 1800000020, 'ann apple amy.apple@clean-swift.com 9999999999 cupertino 95014 cupertino 95014', 'apple ann', 0, 'new', NULL, 'form-key-ann');
INSERT INTO public.orders OVERRIDING SYSTEM VALUE VALUES (2, 1800000011, 2, 'Bea', 'Battery', '222-222-2222', 'bob.battery@clean-swift.com', '3 Ship Street', '', 'Boston', 'MA', '02108-1234', 2, 2030, 12, '2 Bob Road', 'Apt 2', 'Bobsville', 'NY', '10001', 9.99, '\x8d4e54222c815cf92e001a9d4bd94116d1b3af63953d5e0263beb751958ea0d238f2c2fda66520e7eb45daea', '630dcd2966c43366', '4444', 'Amy', 'Amy Apple', 'Amy', 'Amy Apple', 1800000036, 'bea battery bob.battery@clean-swift.com 2222222222 boston 021081234 bobsville 10001', 'battery bea', 999, 'paid', NULL, NULL);
INSERT INTO public.orders OVERRIDING SYSTEM VALUE VALUES (3, 1800000012, 3, 'Cid', 'Apple', '111-111-1111', 'amy.apple@clean-swift.com', '1 Infinite Loop', '', 'Cupertino', 'CA', '95014', 0, 2029, 4, '1 Infinite Loop', '', 'Cupertino', 'CA', '95014', 0.00, '\x58626a0911b19cd740bb3e78c6dd0c691f548e08a806d2f8d67bfd069c6672ad47480020f1ecc04246d62e70', '630dcd2966c43366', '1111', 'Amy', 'Amy Apple', 'Amy', 'Amy Apple', 1800000042, 'cid apple amy.apple@clean-swift.com 1111111111 cupertino 95014 cupertino 95014', 'apple cid', 0, 'packed', NULL, NULL);
INSERT INTO public.orders OVERRIDING SYSTEM VALUE VALUES (4, 1800000013, 4, 'Dot', 'Battery', '222-222-2222', 'bob.battery@clean-swift.com', '3 Ship Street', '', 'Boston', 'MA', '02108-1234', 2, 2030, 12, '2 Bob Road', 'Apt 2', 'Bobsville', 'NY', '10001', 9.99, '\x4e45c2b598167978cf952be558300c8c479bfd61c75df545677ac3d7ef19affd5130f077cb82af2640f47197', '630dcd2966c43366', '4444', 'Amy', 'Amy Apple', 'Amy', 'Amy Apple', 1800000048, 'dot battery bob.battery@clean-swift.com 2222222222 boston 021081234 bobsville 10001', 'battery dot', 999, 'shipped', NULL, NULL);
INSERT INTO public.orders OVERRIDING SYSTEM VALUE VALUES (5, 1800000014, 2, 'Eve', 'Apple', '111-111-1111', 'amy.apple@clean-swift.com', '1 Infinite Loop', '', 'Cupertino', 'CA', '95014', 0, 2029, 4, '1 Infinite Loop', '', 'Cupertino', 'CA', '95014', 0.00, '\xd5cb7a5d94e1f5057d1cc76014b92951e86fd77f473db731b784a8b50deca22e31704cb56915090a40c9d6cb', '630dcd2966c43366', '1111', 'Amy', 'Amy Apple', 'Amy', 'Amy Apple', 1800000051, 'eve apple amy.apple@clean-swift.com 1111111111 cupertino 95014 cupertino 95014', 'apple eve', 0, 'cancelled', 'Customer changed their mind', NULL);


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sessions VALUES ('\x4bb06f8e4e3a7715d201d573d0aa423762e55dabd61a2c02278fa56cc6d294e0', 'amy', 1800000003, 1800000003);


--
-- Data for Name: sign_in_failures; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sign_in_failures OVERRIDING SYSTEM VALUE VALUES (1, 'carol', '192.0.2.1', 1800000004);


--
-- Name: order_events_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.order_events_id_seq', 13, true);


--
-- Name: order_notes_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.order_notes_id_seq', 1, true);


--
-- Name: orders_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.orders_id_seq', 5, true);


--
-- Name: sign_in_failures_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.sign_in_failures_id_seq', 1, true);


--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (username_key);


--
-- Name: cleanstore_schema_migrations cleanstore_schema_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cleanstore_schema_migrations
    ADD CONSTRAINT cleanstore_schema_migrations_pkey PRIMARY KEY (version);


--
-- Name: order_events order_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.order_events
    ADD CONSTRAINT order_events_pkey PRIMARY KEY (id);


--
-- Name: order_notes order_notes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.order_notes
    ADD CONSTRAINT order_notes_pkey PRIMARY KEY (id);


--
-- Name: orders orders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (id);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id_hash);


--
-- Name: sign_in_failures sign_in_failures_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sign_in_failures
    ADD CONSTRAINT sign_in_failures_pkey PRIMARY KEY (id);


--
-- Name: order_events_by_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX order_events_by_order ON public.order_events USING btree (order_id, happened_at DESC, id DESC);


--
-- Name: order_notes_by_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX order_notes_by_order ON public.order_notes USING btree (order_id, written_at DESC, id DESC);


--
-- Name: orders_by_idempotency_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX orders_by_idempotency_key ON public.orders USING btree (idempotency_key);


--
-- Name: orders_by_name; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX orders_by_name ON public.orders USING btree (sort_name, id);


--
-- Name: orders_by_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX orders_by_status ON public.orders USING btree (status, created_at DESC, id DESC);


--
-- Name: orders_by_total; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX orders_by_total ON public.orders USING btree (total_cents, id);


--
-- Name: orders_newest_first; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX orders_newest_first ON public.orders USING btree (created_at DESC, id DESC);


--
-- Name: orders_search; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX orders_search ON public.orders USING gin (search_text public.gin_trgm_ops);


--
-- Name: sessions_by_account; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_by_account ON public.sessions USING btree (account_key);


--
-- Name: sign_in_failures_by_address; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sign_in_failures_by_address ON public.sign_in_failures USING btree (address, attempted_at);


--
-- Name: sign_in_failures_by_username; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sign_in_failures_by_username ON public.sign_in_failures USING btree (username_key, attempted_at);


--
-- Name: order_notes order_notes_order_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.order_notes
    ADD CONSTRAINT order_notes_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id) ON DELETE CASCADE;


--
-- Name: sessions sessions_account_key_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_account_key_fkey FOREIGN KEY (account_key) REFERENCES public.accounts(username_key) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

\unrestrict roWlRbcfLH4wYyTnu2xUJXPvmcjjcB9Sg8aChwJOcFcgMhcExbpAdf0c8I30uL1


-- A bid in one call (issue 32): lock the item, answer from the Idempotency-Key's stored outcome,
-- check the bidder and the item, apply the bidding engine, write the action, the maximum, the
-- history, the item and the outcome under the key, and answer what the server needs to build its
-- answer and live messages. One statement, so the item's lock is held for one round trip.
--
-- The engine is domain/src/bidding/engine.ts (checkBid, placeBid) and the item's rules are
-- domain/src/items/rules.ts (itemBidStatus, extendedClose), written again here step for step;
-- server/src/features/bids/engine-sql.test.ts runs random bids through both and compares the
-- state, the history and the refusals after every step. Change both together.
--
-- A refusal answers {"refused": code, "figure": cents} and writes nothing; the server words it
-- (features/bids/refusals.ts, from the engine's own messages). The event's times, its card rule
-- and the bid cap come from the server as it holds them (the tenant it resolved, BID_CAP).
CREATE OR REPLACE FUNCTION gavel_place_bid(
	p_item integer,
	p_event integer,
	p_bidder integer,
	-- The card processor the bidder needs a card of, when the event asks for one; else null.
	p_card_processor integer,
	p_opens timestamptz,
	p_closes timestamptz,
	p_extend_minutes integer,
	p_extend_latest timestamptz,
	-- 'manual' (p_amount is the bid) or 'auto' (p_amount is the maximum, p_increment the bidder's
	-- increment, null for the item's minimum increase).
	p_kind text,
	p_amount bigint,
	p_increment bigint,
	p_cap bigint,
	p_now timestamptz,
	-- The Idempotency-Key, its route and the request's digest; a null key stores nothing.
	p_key text,
	p_route text,
	p_request_hash text
) RETURNS json
LANGUAGE plpgsql
AS $$
DECLARE
	v_item auction_items%ROWTYPE;
	v_previous integer;
	v_prior json;
	v_authorized boolean;
	v_verified boolean;
	v_minimum bigint;
	v_leading boolean;
	v_mine item_maxima%ROWTYPE;
	v_has_mine boolean := false;
	v_floor bigint;
	v_increment bigint;
	v_auto boolean := p_kind = 'auto';
	v_other record;
	v_others integer := 0;
	o1_bidder integer; o1_max bigint; o1_increment bigint; o1_auto boolean;
	o2_bidder integer; o2_max bigint; o2_auto boolean;
	v_top_bidder integer; v_top_max bigint; v_top_increment bigint; v_top_auto boolean;
	v_run_bidder integer; v_run_max bigint; v_run_auto boolean;
	v_challenger_leads boolean;
	v_price bigint;
	v_hb integer[] := '{}';
	v_ha bigint[] := '{}';
	v_hauto boolean[] := '{}';
	v_written integer;
	v_closes timestamptz;
	v_pushed timestamptz;
	v_target timestamptz;
	v_closing timestamptz;
	v_outcome json;
BEGIN
	-- Under READ COMMITTED a lock that had to wait returns the row as the bid before it committed
	-- it, and each later statement here reads with a new snapshot, so the maxima are that bid's too.
	SELECT * INTO v_item FROM auction_items WHERE id = p_item AND event_id = p_event FOR UPDATE;
	IF NOT FOUND THEN
		RETURN json_build_object('refused', 'not_found');
	END IF;
	v_previous := v_item.leader_bidder_id;

	-- Looked up under the lock, so a retry racing its original waits for it and then replays it.
	IF p_key IS NOT NULL THEN
		SELECT json_build_object('route', k.route, 'requestHash', k.request_hash, 'response', k.response)
		INTO v_prior
		FROM idempotency_keys k WHERE k.bidder_id = p_bidder AND k.key = p_key;
		IF v_prior IS NOT NULL THEN
			RETURN json_build_object('prior', v_prior);
		END IF;
	END IF;

	-- mayBid (features/bids/service.ts): a bidder of this event, authorized, verified, with a card
	-- where the event asks for one.
	SELECT b.authorizebidder, a.email_verified INTO v_authorized, v_verified
	FROM bidders b JOIN accounts a ON a.id = b.account_id
	WHERE b.id = p_bidder AND b.event_id = p_event;
	IF NOT FOUND THEN
		RETURN json_build_object('refused', 'unauthorized');
	END IF;
	IF NOT v_authorized THEN
		RETURN json_build_object('refused', 'not_authorized');
	END IF;
	IF NOT v_verified THEN
		RETURN json_build_object('refused', 'not_verified');
	END IF;
	IF p_card_processor IS NOT NULL AND NOT EXISTS (
		SELECT 1 FROM payment_methods pm WHERE pm.bidder_id = p_bidder AND pm.processorcode = p_card_processor
	) THEN
		RETURN json_build_object('refused', 'card_needed');
	END IF;

	-- The item takes bids now (itemBidStatus).
	IF v_item.itemisliveonly THEN
		RETURN json_build_object('refused', 'live_only');
	END IF;
	IF v_item.buyitnowonly THEN
		RETURN json_build_object('refused', 'buy_now_only');
	END IF;
	IF v_item.closed_at IS NOT NULL THEN
		RETURN json_build_object('refused', 'closed');
	END IF;
	IF p_now < p_opens THEN
		RETURN json_build_object('refused', 'not_open');
	END IF;
	IF p_now >= coalesce(v_item.closing, p_closes) THEN
		RETURN json_build_object('refused', 'closed');
	END IF;

	-- checkBid.
	v_minimum := CASE WHEN v_item.currentbid IS NULL THEN v_item.startingbid
		ELSE v_item.currentbid + v_item.minimumbidincrease END;
	v_leading := coalesce(v_item.leader_bidder_id = p_bidder, false);
	IF NOT v_auto THEN
		IF v_leading THEN
			RETURN json_build_object('refused', 'already_leading');
		END IF;
		IF p_amount > p_cap THEN
			RETURN json_build_object('refused', 'above_cap');
		END IF;
		IF p_amount < v_minimum THEN
			RETURN json_build_object('refused', 'below_minimum', 'figure', v_minimum);
		END IF;
		-- A manual bid counts as a maximum equal to itself, with the item's minimum increase.
		v_increment := v_item.minimumbidincrease;
	ELSE
		IF NOT v_item.allowautobid THEN
			RETURN json_build_object('refused', 'auto_not_allowed');
		END IF;
		IF p_amount > p_cap THEN
			RETURN json_build_object('refused', 'above_cap');
		END IF;
		v_increment := coalesce(p_increment, v_item.minimumbidincrease);
		IF v_increment < v_item.minimumbidincrease THEN
			RETURN json_build_object('refused', 'increment_below_minimum', 'figure', v_item.minimumbidincrease);
		END IF;
		IF v_leading THEN
			SELECT * INTO v_mine FROM item_maxima WHERE item_id = p_item AND bidder_id = p_bidder;
			v_has_mine := FOUND;
		END IF;
		IF v_has_mine THEN
			-- Raising one's own maximum: it may not go below what already stands.
			v_floor := greatest(v_mine.max, coalesce(v_item.currentbid, 0));
			IF p_amount < v_floor THEN
				RETURN json_build_object('refused', 'max_below_current_max', 'figure', v_floor);
			END IF;
		ELSIF p_amount < v_minimum THEN
			RETURN json_build_object('refused', 'max_below_minimum', 'figure', v_minimum);
		END IF;
	END IF;

	-- The action as received: the audit trail the engine can replay.
	INSERT INTO bid_actions (item_id, bidder_id, kind, amount, increment, created_at)
	VALUES (p_item, p_bidder, p_kind, p_amount, v_increment, p_now);

	IF v_leading THEN
		-- placeBid, a standing leader changing their own maximum: the price does not move, and the
		-- maximum keeps its place among equals when it stays the same.
		IF v_has_mine THEN
			UPDATE item_maxima SET max = p_amount, increment = v_increment, is_auto = v_auto,
				seq = CASE WHEN max = p_amount THEN seq ELSE nextval(pg_get_serial_sequence('item_maxima', 'seq')) END
			WHERE item_id = p_item AND bidder_id = p_bidder
			RETURNING * INTO v_mine;
		END IF;
		v_price := v_item.currentbid;
		v_top_bidder := v_item.leader_bidder_id;
	ELSE
		-- placeBid: the challenger's maximum is the latest, so it ranks after every equal one. Only
		-- the two highest maxima set the price: the other bidders' best two, with the challenger's.
		FOR v_other IN
			SELECT m.bidder_id, m.max, m.increment, m.is_auto FROM item_maxima m
			WHERE m.item_id = p_item AND m.bidder_id <> p_bidder
			ORDER BY m.max DESC, m.seq LIMIT 2
		LOOP
			v_others := v_others + 1;
			IF v_others = 1 THEN
				o1_bidder := v_other.bidder_id; o1_max := v_other.max; o1_increment := v_other.increment; o1_auto := v_other.is_auto;
			ELSE
				o2_bidder := v_other.bidder_id; o2_max := v_other.max; o2_auto := v_other.is_auto;
			END IF;
		END LOOP;
		IF v_others = 0 OR p_amount > o1_max THEN
			v_top_bidder := p_bidder; v_top_max := p_amount; v_top_increment := v_increment; v_top_auto := v_auto;
			v_run_bidder := o1_bidder; v_run_max := o1_max; v_run_auto := o1_auto;
		ELSE
			v_top_bidder := o1_bidder; v_top_max := o1_max; v_top_increment := o1_increment; v_top_auto := o1_auto;
			IF v_others = 1 OR p_amount > o2_max THEN
				v_run_bidder := p_bidder; v_run_max := p_amount; v_run_auto := v_auto;
			ELSE
				v_run_bidder := o2_bidder; v_run_max := o2_max; v_run_auto := o2_auto;
			END IF;
		END IF;
		v_challenger_leads := v_top_bidder = p_bidder;

		IF NOT v_auto AND v_challenger_leads THEN
			v_price := p_amount;
		ELSIF v_run_bidder IS NULL THEN
			v_price := v_minimum;
		ELSIF v_run_max = v_top_max THEN
			v_price := v_top_max;
		ELSE
			v_price := greatest(v_minimum, least(v_top_max, v_run_max + v_top_increment));
		END IF;
		v_price := least(v_price, v_top_max);

		IF v_challenger_leads AND v_run_bidder IS NOT NULL AND v_run_auto AND v_run_max > coalesce(v_item.currentbid, 0) THEN
			-- The former leader's automatic bids rose to their maximum before the challenger passed it.
			v_hb := v_hb || v_run_bidder; v_ha := v_ha || v_run_max; v_hauto := v_hauto || true;
		END IF;
		IF NOT v_auto THEN
			v_hb := v_hb || p_bidder; v_ha := v_ha || p_amount; v_hauto := v_hauto || false;
		ELSIF NOT v_challenger_leads THEN
			-- The leader's automatic bids answer the challenger all the way to the challenger's maximum.
			v_hb := v_hb || p_bidder; v_ha := v_ha || p_amount; v_hauto := v_hauto || true;
		END IF;
		v_written := coalesce(array_length(v_hb, 1), 0);
		IF NOT (v_written > 0 AND v_hb[v_written] = v_top_bidder AND v_ha[v_written] = v_price) THEN
			v_hb := v_hb || v_top_bidder; v_ha := v_ha || v_price; v_hauto := v_hauto || v_top_auto;
		END IF;

		INSERT INTO item_maxima (item_id, bidder_id, max, increment, is_auto)
		VALUES (p_item, p_bidder, p_amount, v_increment, v_auto)
		ON CONFLICT (item_id, bidder_id) DO UPDATE SET max = excluded.max, increment = excluded.increment,
			is_auto = excluded.is_auto, seq = nextval(pg_get_serial_sequence('item_maxima', 'seq'))
		RETURNING * INTO v_mine;
		v_has_mine := true;

		-- One at a time, oldest first, so the ids keep the engine's order.
		FOR v_written IN 1 .. array_length(v_hb, 1) LOOP
			INSERT INTO bids (item_id, bidder_id, amount, is_auto, created_at)
			VALUES (p_item, v_hb[v_written], v_ha[v_written], v_hauto[v_written], p_now);
		END LOOP;
	END IF;

	-- extendedClose: a bid in the last minutes moves the close, never past the latest allowed.
	v_closing := v_item.closing;
	v_written := coalesce(array_length(v_hb, 1), 0);
	IF v_written > 0 AND p_extend_minutes > 0 THEN
		v_closes := coalesce(v_item.closing, p_closes);
		v_pushed := p_now + make_interval(mins => p_extend_minutes);
		IF v_pushed > v_closes THEN
			v_target := CASE WHEN p_extend_latest IS NOT NULL AND v_pushed > p_extend_latest THEN p_extend_latest ELSE v_pushed END;
			IF v_target > v_closes THEN
				v_closing := v_target;
			END IF;
		END IF;
	END IF;

	UPDATE auction_items SET currentbid = v_price, leader_bidder_id = v_top_bidder,
		numberofbids = numberofbids + v_written, closing = v_closing, updated_at = p_now
	WHERE id = p_item
	RETURNING * INTO v_item;

	-- What the answer and the live messages are made of; stored under the key as it is, so a retry
	-- is answered from the same facts (features/bids/statements.ts, placedOf).
	v_outcome := json_build_object(
		'item', to_json(v_item),
		'previousleader', v_previous,
		'maximum', CASE WHEN v_has_mine THEN to_json(v_mine) END,
		'history', (
			SELECT coalesce(json_agg(json_build_array(h.bidder, h.amount, h.auto) ORDER BY h.n), '[]'::json)
			FROM unnest(v_hb, v_ha, v_hauto) WITH ORDINALITY AS h (bidder, amount, auto, n)
		),
		'people', (
			SELECT coalesce(json_agg(json_build_array(b.id, a.firstname, a.lastname, b.bidanonymously, b.bidderdisplaynumber)), '[]'::json)
			FROM bidders b JOIN accounts a ON a.id = b.account_id
			WHERE b.event_id = p_event AND (b.id = p_bidder OR b.id = v_previous)
		),
		'watching', EXISTS (SELECT 1 FROM watchlist w WHERE w.bidder_id = p_bidder AND w.item_id = p_item),
		-- Counted only for an item with a per-bidder Buy It Now limit, so nearly every bid skips it.
		'bought', CASE WHEN v_item.maxpurchasequantity > 0 THEN (
			SELECT coalesce(sum(w.quantity), 0)::int FROM won_items w
			WHERE w.item_id = p_item AND w.bidder_id = p_bidder AND w.kind = 'buynow'
		) ELSE 0 END,
		'now', p_now
	);
	IF p_key IS NOT NULL THEN
		INSERT INTO idempotency_keys (bidder_id, key, route, request_hash, status_code, response)
		VALUES (p_bidder, p_key, p_route, p_request_hash, 200, v_outcome::jsonb);
	END IF;
	RETURN json_build_object('placed', v_outcome);
END;
$$;

/*
 * A stand-in for Stripe.js (https://js.stripe.com/…/stripe.js), served by the Stripe journeys in
 * place of Stripe's script (e2e/payments-stripe.spec.ts routes it). It implements only what
 * @stripe/stripe-js's loadStripe, @stripe/react-stripe-js and our StripeCard / stripeClient call,
 * and talks to nothing but the fake Stripe API's test calls (routed by the test).
 *
 * Its Payment Element is one plain input labelled 'Test card' where the test types which fake card
 * to use: visa, declined, insufficient, expired, 3ds, 3ds_always (server/src/test/fake-stripe-routes.ts).
 * createConfirmationToken answers the fake's made-up token for it (ctoken_visa, ...), and
 * handleNextAction asks https://api.stripe.com/test/authenticate/{intent id} to finish 3-D Secure.
 * What the page asked of it is kept in window.__stripeStandIn.calls for the test to read.
 */
(function () {
  'use strict';

  var LAST4 = {
    visa: '4242',
    declined: '0002',
    insufficient: '9995',
    expired: '0069',
    '3ds': '3155',
    '3ds_always': '3184',
  };
  var log = { calls: [], wrappers: [], appInfo: [] };
  window.__stripeStandIn = log;

  function record(name, detail) {
    log.calls.push({ name: name, detail: detail === undefined ? null : detail });
  }

  function notSupported(name) {
    return function () {
      record(name);
      return Promise.resolve({
        error: { type: 'invalid_request_error', message: 'The Stripe stand-in does not do ' + name + '.' },
      });
    };
  }

  var ids = 0;

  /** The Payment Element: a labelled text input, with Stripe's element events. */
  function createPaymentElement(type, options) {
    var listeners = {};
    var state = {
      type: type,
      options: options || {},
      mounted: false,
      destroyed: false,
      node: null,
      input: null,
      error: null,
    };

    function emit(event, payload) {
      (listeners[event] || []).slice().forEach(function (cb) {
        cb(payload);
      });
    }

    function value() {
      return state.input ? state.input.value.trim() : '';
    }

    function showError(text) {
      if (!state.error) return;
      state.error.textContent = text;
      state.error.hidden = text === '';
    }

    var element = {
      mount: function (target) {
        if (state.destroyed) throw new Error('This Element has been destroyed.');
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node) throw new Error('The Stripe stand-in could not find where to mount.');
        var id = 'stripe-standin-card-' + ++ids;
        var wrap = document.createElement('div');
        wrap.className = 'stripe-standin';
        wrap.setAttribute('data-testid', 'stripe-standin');
        var label = document.createElement('label');
        label.htmlFor = id;
        label.textContent = 'Test card';
        var input = document.createElement('input');
        input.id = id;
        input.type = 'text';
        input.autocomplete = 'off';
        input.setAttribute('aria-describedby', id + '-error');
        input.setAttribute('data-testid', 'stripe-standin-card');
        input.style.cssText =
          'display:block;width:100%;box-sizing:border-box;padding:8px;margin:4px 0;font:inherit;color:#111;background:#fff;border:1px solid #555;border-radius:4px';
        var error = document.createElement('p');
        error.id = id + '-error';
        error.setAttribute('role', 'alert');
        error.setAttribute('data-testid', 'stripe-standin-error');
        error.style.cssText = 'color:#9b1c1c;margin:0';
        error.hidden = true;
        input.addEventListener('input', function () {
          showError('');
          emit('change', {
            elementType: type,
            empty: value() === '',
            complete: value() !== '',
            value: { type: 'card' },
          });
        });
        input.addEventListener('focus', function () {
          emit('focus', { elementType: type });
        });
        input.addEventListener('blur', function () {
          emit('blur', { elementType: type });
        });
        wrap.append(label, input, error);
        node.append(wrap);
        state.node = wrap;
        state.input = input;
        state.error = error;
        state.mounted = true;
        record('mount', type);
        setTimeout(function () {
          emit('loaderstart', { elementType: type });
          emit('ready', { elementType: type });
        }, 0);
      },
      unmount: function () {
        if (state.node) state.node.remove();
        state.mounted = false;
      },
      destroy: function () {
        element.unmount();
        state.destroyed = true;
        record('destroy', type);
      },
      on: function (event, cb) {
        (listeners[event] = listeners[event] || []).push(cb);
        return element;
      },
      once: function (event, cb) {
        var wrapped = function (payload) {
          element.off(event, wrapped);
          cb(payload);
        };
        return element.on(event, wrapped);
      },
      off: function (event, cb) {
        listeners[event] = (listeners[event] || []).filter(function (l) {
          return cb !== undefined && l !== cb;
        });
        return element;
      },
      update: function (next) {
        state.options = Object.assign({}, state.options, next);
      },
      focus: function () {
        if (state.input) state.input.focus();
      },
      blur: function () {
        if (state.input) state.input.blur();
      },
      clear: function () {
        if (state.input) state.input.value = '';
      },
      collapse: function () {},
      /** Not Stripe's: what the stand-in needs of its element. */
      _standIn: { value: value, showError: showError, state: state },
    };
    return element;
  }

  function createElements(stripeOptions, elementsOptions) {
    var made = {};
    var current = Object.assign({}, elementsOptions || {});
    record('elements', current);
    return {
      create: function (type, options) {
        if (type !== 'payment') throw new Error('The Stripe stand-in only has the Payment Element, not ' + type + '.');
        if (made[type] && !made[type]._standIn.state.destroyed)
          throw new Error('Can only create one Element of type ' + type + '.');
        made[type] = createPaymentElement(type, options);
        return made[type];
      },
      getElement: function (type) {
        var el = made[type];
        return el && !el._standIn.state.destroyed ? el : null;
      },
      update: function (next) {
        current = Object.assign({}, current, next);
        record('elements.update', next);
      },
      fetchUpdates: function () {
        return Promise.resolve({});
      },
      submit: function () {
        record('elements.submit');
        var el = made.payment;
        if (!el || !el._standIn.state.mounted)
          return Promise.resolve({
            error: { type: 'validation_error', message: 'The Payment Element is not mounted.' },
          });
        if (el._standIn.value() === '') {
          var message = 'Your card number is incomplete.';
          el._standIn.showError(message);
          return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: message } });
        }
        return Promise.resolve({});
      },
      _standIn: {
        options: function () {
          return current;
        },
        made: made,
      },
    };
  }

  function Stripe(key, options) {
    if (typeof key !== 'string' || !/^pk_/.test(key))
      throw new Error('IntegrationError: Invalid API Key provided: ' + key);
    record('Stripe', { key: key, options: options || null });
    var stripe = {
      _standIn: true,
      elements: function (elementsOptions) {
        return createElements(options, elementsOptions);
      },
      createConfirmationToken: function (args) {
        var elements = args && args.elements;
        var el = elements && elements.getElement('payment');
        if (!el)
          return Promise.resolve({
            error: {
              type: 'invalid_request_error',
              message: 'createConfirmationToken needs the Elements with a mounted Payment Element.',
            },
          });
        var card = el._standIn.value();
        record('createConfirmationToken', card);
        return Promise.resolve({
          confirmationToken: {
            id: 'ctoken_' + card,
            object: 'confirmation_token',
            livemode: false,
            setup_future_usage: elements._standIn.options().setupFutureUsage || null,
            payment_method_preview: {
              type: 'card',
              card: {
                brand: 'visa',
                last4: LAST4[card] || '0000',
                exp_month: 12,
                exp_year: 2030,
                funding: 'credit',
                country: 'US',
              },
            },
          },
        });
      },
      handleNextAction: function (args) {
        var clientSecret = (args && args.clientSecret) || '';
        var id = clientSecret.split('_secret_')[0];
        record('handleNextAction', id);
        if (!id || id === clientSecret)
          return Promise.resolve({
            error: { type: 'invalid_request_error', message: 'handleNextAction needs a client secret.' },
          });
        return fetch('https://api.stripe.com/test/authenticate/' + encodeURIComponent(id), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: window.__stripeStandInFailNext ? 'outcome=fail' : '',
        })
          .then(function (res) {
            return res.json().then(function (body) {
              return { ok: res.ok, body: body };
            });
          })
          .then(function (answer) {
            if (!answer.ok)
              return { error: answer.body.error || { type: 'api_error', message: 'The authentication failed.' } };
            var intent = answer.body;
            var failure = intent.last_setup_error || intent.last_payment_error;
            if (intent.status !== 'succeeded' && failure) return { error: failure };
            return id.indexOf('seti_') === 0 ? { setupIntent: intent } : { paymentIntent: intent };
          });
      },
      // What react-stripe-js's Elements checks a Stripe object has; never used by our pages.
      createToken: notSupported('createToken'),
      createPaymentMethod: notSupported('createPaymentMethod'),
      confirmCardPayment: notSupported('confirmCardPayment'),
      confirmSetup: notSupported('confirmSetup'),
      confirmPayment: notSupported('confirmPayment'),
      _registerWrapper: function (wrapper) {
        log.wrappers.push(wrapper);
      },
      registerAppInfo: function (info) {
        log.appInfo.push(info);
      },
    };
    return stripe;
  }
  // The release loadStripe expects (@stripe/stripe-js warns on another).
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();

// Generated from openApiDocument() by `npm run generate:client`: edit the OpenAPI document, not this file.

export interface paths {
    "/v1/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The public configuration: limits, retry schedule, signature version */
        get: operations["getConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["getOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process lives */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Its stores answer and none of its workers is failing */
        get: operations["ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Open unless SLUICE_METRICS_TOKEN is set; then a scrape sends Authorization: Bearer <that token>, and is refused 401 without it. Wrong tokens count against their address as unknown API keys do: past the allowance, the next wrong ones are refused 429 (the right one is still answered).
         */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the active API keys, newest first; a merchant key sees its own merchant’s keys */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key (admin); the key is in this answer only */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key (admin); it stops working at once */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The event catalog: every type, its family, meaning, schema and examples, and whether webhooks deliver it */
        get: operations["listEventTypes"];
        put?: never;
        /**
         * Register a platform event type, with the schema of its data (admin)
         * @description Registrations are events of the log (event_type.registered), shown in the audit log. Types are never deleted. Once registered, the type is published through POST /v1/events, its data checked against its schema, and delivered when deliverable.
         */
        post: operations["createEventType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/event-types/{event_type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One event type of the catalog */
        get: operations["getEventType"];
        put?: never;
        /**
         * Change a type’s description, schema, examples or deprecation (admin)
         * @description For built-in and registered types alike; recorded as event_type.updated. A new schema adds one to version and is enforced on publications at once (within a second on other API processes). A deprecated type is still published and delivered to the endpoints that list it, but no endpoint may newly list it.
         */
        post: operations["updateEventType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List business events, newest first */
        get: operations["listEvents"];
        put?: never;
        /**
         * Publish a business event (admin, publisher); idempotent on `id`
         * @description Catalog types (built-in and registered) and `extension.*` types are accepted; `extension.*` events are recorded but never delivered. `data` must match the current schema of its type (422 event_data_invalid, each fault at its path under data; nothing is recorded); `extension.*` data may be any object. Publishing an `id` again with the same content answers 200 with the event; with other content, 409.
         */
        post: operations["publishEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One business event */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List endpoints, newest first
         * @description The endpoints `sluice listen` makes for a developer’s machine (URL sluice-listen://…) are left out unless include_listeners is true. One no one has listened on for SLUICE_LISTENER_IDLE_S (default a day) is deleted, as an endpoint is.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /** Create a webhook endpoint for a merchant; fetch its secret with the secret route */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{endpoint_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One endpoint (never its secret) */
        get: operations["getWebhookEndpoint"];
        put?: never;
        /** Update URL, subscribed types, channels, status and the rest; re-enabling clears disabled_reason */
        post: operations["updateWebhookEndpoint"];
        /** Delete an endpoint; its pending deliveries stop */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{endpoint_id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The endpoint’s current signing secret (admin or the merchant’s key; not auditors) */
        get: operations["getWebhookEndpointSecret"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{endpoint_id}/secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the signing secret; the old one still signs for secret_rotation_grace_s */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test event to one endpoint, or to every enabled endpoint of the merchant
         * @description Test events reach the named endpoints whatever their filter_types.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{endpoint_id}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The endpoint’s delivery attempts, newest first */
        get: operations["listWebhookAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{endpoint_id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One row per event sent to the endpoint, newest first */
        get: operations["listWebhookMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{endpoint_id}/messages/{event_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send one message again, with the same webhook-id */
        post: operations["resendWebhookMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{endpoint_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send again the events of a window that were sent to the endpoint
         * @description Every event of the merchant in the window that the endpoint receives and was sent to it before (it has a message for it) is sent again, with its webhook-id. With only_failed (the default), events already delivered successfully to it are left out. Events never sent to it (published before it existed, say) are sent for the first time only with include_unsent: a back-fill. Every attempt a replay causes has trigger "replay", so a back-filled message's first attempt is a replay, where a message sent as published begins with an "initial" one.
         */
        post: operations["replayWebhookMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{endpoint_id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The endpoint’s attempts by outcome over time, its messages by status now, and whether it is failing now
         * @description Attempts are counted when they were made, in buckets of an hour or a day (UTC). The range may span at most 31 days by hour, 366 days by day.
         */
        get: operations["getWebhookEndpointStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-filters/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Would an endpoint with this filter receive this event? Evaluated on the body it would be delivered with; nothing is recorded */
        post: operations["testWebhookFilter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-filters/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Does this filter read fields that the schemas of these event types do not declare? Nothing is evaluated or recorded */
        post: operations["checkWebhookFilter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/listen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Receive the merchant’s deliveries as they happen, over server-sent events (what sluice listen forwards)
         * @description Opens the key’s listening endpoint (the same one each time, so its signing secret stays, until no one has listened on it for SLUICE_LISTENER_IDLE_S, default a day: then it is deleted and the next listen makes it again, with a new secret) for the types in `events`, or all. Endpoint lists leave it out (GET /v1/webhooks?include_listeners=true shows it). The stream sends `ready` `{ endpoint_id, merchant_id, filter_types, secret }` (secret null for a portal session without view_secret), then one `delivery` `{ try, event_id, event_type, headers, body }` per try: forward `body` with `headers` exactly, and answer with POST /v1/listen/attempts. Failed tries are retried on the schedule. Closing the stream disables the endpoint: its pending deliveries are abandoned. The service never connects to the listener.
         */
        get: operations["listenForDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/listen/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record what the listener’s local receiver answered to a try, as its attempt */
        post: operations["answerListenedDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/process-definitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List definitions, newest first */
        get: operations["listProcessDefinitions"];
        put?: never;
        /**
         * Publish a new version (1, 2, …) of a definition, in status draft (admin)
         * @description Validated whole: step types, unique step ids, every `next` to a step, JSONata expressions that compile, an input schema that compiles. Every fault comes back in `errors` with its path (400).
         */
        post: operations["publishProcessDefinition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/process-definitions/{definition_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A definition with its versions and active_version */
        get: operations["getProcessDefinition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/process-definitions/{definition_id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a version the single active one (admin) */
        post: operations["activateProcessDefinition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/process-definitions/{definition_id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Leave no version active: runs are refused with definition_not_active (admin) */
        post: operations["deactivateProcessDefinition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/processes/{definition_id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a run of the definition’s active version (admin, merchant, publisher); optionally wait for its result */
        post: operations["runProcess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/process-instances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List instances, newest first */
        get: operations["listProcessInstances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/process-instances/{instance_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An instance: definition, status, inputs, result, visible steps */
        get: operations["getProcessInstance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/process-instances/{instance_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel an instance that has not ended (409 when it has) */
        post: operations["cancelProcessInstance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/process-instances/{instance_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run the same definition version again with the same inputs (replay_of set) */
        post: operations["replayProcessInstance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/process-instances/{instance_id}/user-actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Complete the user_action step the instance waits on; its output is data */
        post: operations["completeUserAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/process-instances/{instance_id}/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve or reject the approval step the instance waits on; rejected fails it (approval_rejected) */
        post: operations["resolveApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/process-instances/{instance_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The instance’s own event history, oldest first */
        get: operations["listProcessInstanceEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole log, oldest first, paged by position (admin, auditor)
         * @description With direction=backward the log is read from its end, newest first: the latest events, page by page towards the start.
         */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/projections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each projection’s checkpoint, lag and status (admin, auditor) */
        get: operations["listProjections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/projections/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One projection’s checkpoint, lag, status and rebuild progress (admin, auditor) */
        get: operations["getProjection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/projections/{name}/rebuild": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rebuild a projection from position 0 beside the live one, swapped in when caught up; reads keep working (admin)
         * @description Answers at once with the projection, status rebuilding; follow its progress with GET. A request while a rebuild of the same projection is under way joins it. In the distributed mode a rebuild runs in a process of the projector role: another process answers 503.
         */
        post: operations["rebuildProjection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/deliveries/reconcile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Plan again, from the log, the deliveries of a stretch of business events (admin)
         * @description After the feed lost events (the distributed mode's topic lost or expired data past the relay's checkpoint), walks the log from from_position, at most limit business events per call, and plans each event to the endpoints that receive it. What was planned already is left as it is: planning is idempotent. Call again with next_position while has_more.
         */
        post: operations["reconcileDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchant_id}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a merchant’s payloads by destroying its data keys (admin)
         * @description Crypto-shredding: every data key of the merchant is destroyed, so that no payload of the merchant recorded before erased_at (event data, webhook bodies, receivers’ answers, kept idempotent answers) can be read again, from the log, the read models, a rebuild or a copy of the data. The erasure is recorded as merchant.data_erased (not delivered); ids, types, times, statuses and the audit metadata stay. Its events then read data: null, erased: true; resend and replay of them answer 409 data_erased; its pending deliveries are abandoned. New events of the merchant are accepted under a new key.
         */
        post: operations["eraseMerchantData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/erasures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The merchants whose data was erased, the latest erasure first (admin, auditor) */
        get: operations["listMerchantErasures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portal/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a single-use sign-in link to the merchant portal (admin) */
        post: operations["createPortalSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portal/exchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange a portal link’s code for a token, once; no API key (an unknown, used or expired code is a 401) */
        post: operations["exchangePortalCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portal/sessions/expire-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End every portal session of a merchant (admin): its tokens and unused codes stop working at once */
        post: operations["expirePortalSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "company.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A company was registered on the platform.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `company.created` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_company_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "company.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A company’s details changed.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `company.updated` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_company_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A contact person was added to a company.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `contact.created` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_contact_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact_role.certified": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A contact’s role in a company was certified.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `contact_role.certified` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_contact_role_certified"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "onboarding_case.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An onboarding case ended with the merchant accepted.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `onboarding_case.completed` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_onboarding_case_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "onboarding_case.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An onboarding case ended with the merchant refused.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `onboarding_case.rejected` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_onboarding_case_rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "compliance_check.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A compliance check was opened.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `compliance_check.created` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_compliance_check_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "compliance_check.review_required": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A compliance check needs a person to review it.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `compliance_check.review_required` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_compliance_check_review_required"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An order was placed.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `order.created` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_order_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.confirmed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An order was confirmed.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `order.confirmed` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_order_confirmed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout_session.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A checkout session was paid and closed.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `checkout_session.completed` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_checkout_session_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An invoice was drafted.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `invoice.created` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_invoice_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.issued": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An invoice was finalised and numbered.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `invoice.issued` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_invoice_issued"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An invoice was sent to its recipient.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `invoice.sent` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_invoice_sent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An invoice was cancelled.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `invoice.cancelled` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_invoice_cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "psp_payment.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A payment through a payment service provider succeeded.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `psp_payment.succeeded` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_psp_payment_succeeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A payment was received.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `payment.received` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_payment_received"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_allocation.complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A received payment was fully allocated to what it pays.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `payment_allocation.complete` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_payment_allocation_complete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "process.instance.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A process instance was created by a run.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `process.instance.created` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_process_instance_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "process.instance.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A process instance completed; its output is in the data.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `process.instance.completed` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_process_instance_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "process.instance.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A process instance failed; the error is in the data.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `process.instance.failed` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_process_instance_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "process.instance.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A process instance was cancelled.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `process.instance.cancelled` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_process_instance_cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "process.instance.replayed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A process instance was run again as a new instance (replay_of).
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `process.instance.replayed` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_process_instance_replayed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "process.user_action.requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A process instance waits for a person to complete a user action (POST …/user-actions).
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `process.user_action.requested` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_process_user_action_requested"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "process.user_action.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A user action a process instance waited for was completed.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `process.user_action.completed` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_process_user_action_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "approval_request.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A process instance waits for a person to approve or reject a step (POST …/approvals).
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `approval_request.created` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_approval_request_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "approval_request.resolved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An approval a process instance waited for was approved or rejected.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `approval_request.resolved` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_approval_request_resolved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test delivery asked for through the API.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `webhook.test` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_webhook_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An endpoint was disabled because it failed for too long or answered 410 Gone.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `webhook_endpoint.disabled` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_webhook_endpoint_disabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A disabled endpoint was enabled again.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `webhook_endpoint.enabled` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_webhook_endpoint_enabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.attempt.failing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A message to another endpoint failed its 4th try in a row.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `message.attempt.failing` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_message_attempt_failing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.attempt.exhausted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A message to another endpoint failed its last try: it will not be retried.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `message.attempt.exhausted` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_message_attempt_exhausted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.attempt.recovered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A message to another endpoint that had been failing was delivered.
         * @description Sent to each enabled endpoint of the merchant whose filter_types list `message.attempt.recovered` (or that lists none), signed per Standard Webhooks. Answer 2xx within the attempt timeout; anything else is retried on the schedule of GET /v1/config.
         */
        post: operations["receive_message_attempt_recovered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        TransformStep: {
            id: string;
            name?: string;
            /**
             * @description Hidden steps are not listed on the instance
             * @default true
             */
            visible: boolean;
            /** @description False: the step is skipped */
            if?: string;
            /** @description The step to run after this one; default: the next in the list */
            next?: string;
            /** @description When the step fails with one of a clause’s codes (`*`: any but step_limit_exceeded), the instance goes to its next rather than fail, the error at steps.<id>.error; the first clause naming the code wins */
            catch?: {
                on: string[];
                next: string;
            }[];
            retry?: {
                /** @description Attempts in all, the first among them */
                max_attempts: number;
                /** @description The pause before the second attempt; each next pause is backoff_rate times longer */
                backoff_ms: number;
                /** @default 2 */
                backoff_rate: number;
                /** @description The codes retried; absent: every code but url_blocked, invalid_request, input_invalid, process_not_found, process_inactive and call_depth_exceeded (step_limit_exceeded never is). A retry takes the failures of running the step and a call’s child_failed; a deadline’s timeout goes to on_timeout or catch, a rejected approval to catch */
                on?: string[];
            };
            /** @constant */
            type: "transform";
            /** @description A JSONata expression over { input, steps: { <step id>: <output> }, instance } */
            value: string;
        };
        EmitStep: {
            id: string;
            name?: string;
            /**
             * @description Hidden steps are not listed on the instance
             * @default true
             */
            visible: boolean;
            /** @description False: the step is skipped */
            if?: string;
            /** @description The step to run after this one; default: the next in the list */
            next?: string;
            /** @description When the step fails with one of a clause’s codes (`*`: any but step_limit_exceeded), the instance goes to its next rather than fail, the error at steps.<id>.error; the first clause naming the code wins */
            catch?: {
                on: string[];
                next: string;
            }[];
            retry?: {
                /** @description Attempts in all, the first among them */
                max_attempts: number;
                /** @description The pause before the second attempt; each next pause is backoff_rate times longer */
                backoff_ms: number;
                /** @default 2 */
                backoff_rate: number;
                /** @description The codes retried; absent: every code but url_blocked, invalid_request, input_invalid, process_not_found, process_inactive and call_depth_exceeded (step_limit_exceeded never is). A retry takes the failures of running the step and a call’s child_failed; a deadline’s timeout goes to on_timeout or catch, a rejected approval to catch */
                on?: string[];
            };
            /** @constant */
            type: "emit";
            /** @description A catalog type or extension.* */
            event_type: string;
            /** @description Must give an object: the event’s data */
            data: string;
        };
        DelayStep: {
            id: string;
            name?: string;
            /**
             * @description Hidden steps are not listed on the instance
             * @default true
             */
            visible: boolean;
            /** @description False: the step is skipped */
            if?: string;
            /** @description The step to run after this one; default: the next in the list */
            next?: string;
            /** @description When the step fails with one of a clause’s codes (`*`: any but step_limit_exceeded), the instance goes to its next rather than fail, the error at steps.<id>.error; the first clause naming the code wins */
            catch?: {
                on: string[];
                next: string;
            }[];
            retry?: {
                /** @description Attempts in all, the first among them */
                max_attempts: number;
                /** @description The pause before the second attempt; each next pause is backoff_rate times longer */
                backoff_ms: number;
                /** @default 2 */
                backoff_rate: number;
                /** @description The codes retried; absent: every code but url_blocked, invalid_request, input_invalid, process_not_found, process_inactive and call_depth_exceeded (step_limit_exceeded never is). A retry takes the failures of running the step and a call’s child_failed; a deadline’s timeout goes to on_timeout or catch, a rejected approval to catch */
                on?: string[];
            };
            /** @constant */
            type: "delay";
            duration_ms: number;
        };
        UserActionStep: {
            id: string;
            name?: string;
            /**
             * @description Hidden steps are not listed on the instance
             * @default true
             */
            visible: boolean;
            /** @description False: the step is skipped */
            if?: string;
            /** @description The step to run after this one; default: the next in the list */
            next?: string;
            /** @description When the step fails with one of a clause’s codes (`*`: any but step_limit_exceeded), the instance goes to its next rather than fail, the error at steps.<id>.error; the first clause naming the code wins */
            catch?: {
                on: string[];
                next: string;
            }[];
            retry?: {
                /** @description Attempts in all, the first among them */
                max_attempts: number;
                /** @description The pause before the second attempt; each next pause is backoff_rate times longer */
                backoff_ms: number;
                /** @default 2 */
                backoff_rate: number;
                /** @description The codes retried; absent: every code but url_blocked, invalid_request, input_invalid, process_not_found, process_inactive and call_depth_exceeded (step_limit_exceeded never is). A retry takes the failures of running the step and a call’s child_failed; a deadline’s timeout goes to on_timeout or catch, a rejected approval to catch */
                on?: string[];
            };
            /** @constant */
            type: "user_action";
            action?: string;
            /** @description Longest wait; past it the step fails with code timeout */
            timeout_ms?: number;
            /** @description Where the instance goes once the step timed out (the error at steps.<id>.error); without it the instance fails. Needs timeout_ms */
            on_timeout?: string;
        };
        ApprovalStep: {
            id: string;
            name?: string;
            /**
             * @description Hidden steps are not listed on the instance
             * @default true
             */
            visible: boolean;
            /** @description False: the step is skipped */
            if?: string;
            /** @description The step to run after this one; default: the next in the list */
            next?: string;
            /** @description When the step fails with one of a clause’s codes (`*`: any but step_limit_exceeded), the instance goes to its next rather than fail, the error at steps.<id>.error; the first clause naming the code wins */
            catch?: {
                on: string[];
                next: string;
            }[];
            retry?: {
                /** @description Attempts in all, the first among them */
                max_attempts: number;
                /** @description The pause before the second attempt; each next pause is backoff_rate times longer */
                backoff_ms: number;
                /** @default 2 */
                backoff_rate: number;
                /** @description The codes retried; absent: every code but url_blocked, invalid_request, input_invalid, process_not_found, process_inactive and call_depth_exceeded (step_limit_exceeded never is). A retry takes the failures of running the step and a call’s child_failed; a deadline’s timeout goes to on_timeout or catch, a rejected approval to catch */
                on?: string[];
            };
            /** @constant */
            type: "approval";
            /** @description Longest wait; past it the step fails with code timeout */
            timeout_ms?: number;
            /** @description Where the instance goes once the step timed out (the error at steps.<id>.error); without it the instance fails. Needs timeout_ms */
            on_timeout?: string;
        };
        ChoiceStep: {
            id: string;
            name?: string;
            visible?: boolean;
            /** @description A JSONata expression over { input, steps: { <step id>: <output> }, instance } */
            if?: string;
            /** @constant */
            type: "choice";
            branches: {
                /** @description A JSONata expression over { input, steps: { <step id>: <output> }, instance } */
                when: string;
                next: string;
            }[];
            /** @description Default: the step after the choice */
            otherwise?: string;
            /** @description When the step fails with one of a clause’s codes (`*`: any but step_limit_exceeded), the instance goes to its next rather than fail, the error at steps.<id>.error; the first clause naming the code wins */
            catch?: {
                on: string[];
                next: string;
            }[];
            retry?: {
                /** @description Attempts in all, the first among them */
                max_attempts: number;
                /** @description The pause before the second attempt; each next pause is backoff_rate times longer */
                backoff_ms: number;
                /** @default 2 */
                backoff_rate: number;
                /** @description The codes retried; absent: every code but url_blocked, invalid_request, input_invalid, process_not_found, process_inactive and call_depth_exceeded (step_limit_exceeded never is). A retry takes the failures of running the step and a call’s child_failed; a deadline’s timeout goes to on_timeout or catch, a rejected approval to catch */
                on?: string[];
            };
        };
        HttpStep: {
            id: string;
            name?: string;
            /**
             * @description Hidden steps are not listed on the instance
             * @default true
             */
            visible: boolean;
            /** @description False: the step is skipped */
            if?: string;
            /** @description The step to run after this one; default: the next in the list */
            next?: string;
            /** @description When the step fails with one of a clause’s codes (`*`: any but step_limit_exceeded), the instance goes to its next rather than fail, the error at steps.<id>.error; the first clause naming the code wins */
            catch?: {
                on: string[];
                next: string;
            }[];
            retry?: {
                /** @description Attempts in all, the first among them */
                max_attempts: number;
                /** @description The pause before the second attempt; each next pause is backoff_rate times longer */
                backoff_ms: number;
                /** @default 2 */
                backoff_rate: number;
                /** @description The codes retried; absent: every code but url_blocked, invalid_request, input_invalid, process_not_found, process_inactive and call_depth_exceeded (step_limit_exceeded never is). A retry takes the failures of running the step and a call’s child_failed; a deadline’s timeout goes to on_timeout or catch, a rejected approval to catch */
                on?: string[];
            };
            /** @constant */
            type: "http";
            /** @enum {string} */
            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /**
             * Format: uri
             * @description Same address rules as webhook URLs
             */
            url: string;
            /** @description Sent as JSON */
            body?: string;
            /** @description Sent with every call; kept encrypted at rest. Only the admin’s key reads the values: to any other key, and in the answer to a publish, each value is `"[redacted]"` (the names stay). Refused at publish (400, at the header’s path): a name that is not an HTTP token, or that the HTTP client does not send (expect, keep-alive, transfer-encoding, upgrade); a value with a line break or another control character. */
            headers?: {
                [key: string]: string;
            };
            /** @default 10000 */
            timeout_ms: number;
        };
        FailStep: {
            id: string;
            name?: string;
            /**
             * @description Hidden steps are not listed on the instance
             * @default true
             */
            visible: boolean;
            /** @description False: the step is skipped */
            if?: string;
            /** @description The step to run after this one; default: the next in the list */
            next?: string;
            /** @description When the step fails with one of a clause’s codes (`*`: any but step_limit_exceeded), the instance goes to its next rather than fail, the error at steps.<id>.error; the first clause naming the code wins */
            catch?: {
                on: string[];
                next: string;
            }[];
            retry?: {
                /** @description Attempts in all, the first among them */
                max_attempts: number;
                /** @description The pause before the second attempt; each next pause is backoff_rate times longer */
                backoff_ms: number;
                /** @default 2 */
                backoff_rate: number;
                /** @description The codes retried; absent: every code but url_blocked, invalid_request, input_invalid, process_not_found, process_inactive and call_depth_exceeded (step_limit_exceeded never is). A retry takes the failures of running the step and a call’s child_failed; a deadline’s timeout goes to on_timeout or catch, a rejected approval to catch */
                on?: string[];
            };
            /** @constant */
            type: "fail";
            code: string;
            message?: string;
        };
        SucceedStep: {
            id: string;
            name?: string;
            /**
             * @description Hidden steps are not listed on the instance
             * @default true
             */
            visible: boolean;
            /** @description False: the step is skipped */
            if?: string;
            /** @description The step to run after this one; default: the next in the list */
            next?: string;
            /** @description When the step fails with one of a clause’s codes (`*`: any but step_limit_exceeded), the instance goes to its next rather than fail, the error at steps.<id>.error; the first clause naming the code wins */
            catch?: {
                on: string[];
                next: string;
            }[];
            retry?: {
                /** @description Attempts in all, the first among them */
                max_attempts: number;
                /** @description The pause before the second attempt; each next pause is backoff_rate times longer */
                backoff_ms: number;
                /** @default 2 */
                backoff_rate: number;
                /** @description The codes retried; absent: every code but url_blocked, invalid_request, input_invalid, process_not_found, process_inactive and call_depth_exceeded (step_limit_exceeded never is). A retry takes the failures of running the step and a call’s child_failed; a deadline’s timeout goes to on_timeout or catch, a rejected approval to catch */
                on?: string[];
            };
            /** @constant */
            type: "succeed";
        };
        WaitForEventStep: {
            id: string;
            name?: string;
            /**
             * @description Hidden steps are not listed on the instance
             * @default true
             */
            visible: boolean;
            /** @description False: the step is skipped */
            if?: string;
            /** @description The step to run after this one; default: the next in the list */
            next?: string;
            /** @description When the step fails with one of a clause’s codes (`*`: any but step_limit_exceeded), the instance goes to its next rather than fail, the error at steps.<id>.error; the first clause naming the code wins */
            catch?: {
                on: string[];
                next: string;
            }[];
            retry?: {
                /** @description Attempts in all, the first among them */
                max_attempts: number;
                /** @description The pause before the second attempt; each next pause is backoff_rate times longer */
                backoff_ms: number;
                /** @default 2 */
                backoff_rate: number;
                /** @description The codes retried; absent: every code but url_blocked, invalid_request, input_invalid, process_not_found, process_inactive and call_depth_exceeded (step_limit_exceeded never is). A retry takes the failures of running the step and a call’s child_failed; a deadline’s timeout goes to on_timeout or catch, a rejected approval to catch */
                on?: string[];
            };
            /** @constant */
            type: "wait_for_event";
            /** @description Any type an event may be published with, extension.* among them */
            event_type: string;
            /** @description Over { input, steps, instance, event }: true for the event the instance waits for. Only events of the type, published for the instance’s merchant after the step started, are offered */
            match: string;
            /** @description Longest wait; past it the step fails with code timeout */
            timeout_ms?: number;
            /** @description Where the instance goes once the step timed out (the error at steps.<id>.error); without it the instance fails. Needs timeout_ms */
            on_timeout?: string;
        };
        ParallelStep: {
            id: string;
            name?: string;
            /**
             * @description Hidden steps are not listed on the instance
             * @default true
             */
            visible: boolean;
            /** @description False: the step is skipped */
            if?: string;
            /** @description The step to run after this one; default: the next in the list */
            next?: string;
            /** @description When the step fails with one of a clause’s codes (`*`: any but step_limit_exceeded), the instance goes to its next rather than fail, the error at steps.<id>.error; the first clause naming the code wins */
            catch?: {
                on: string[];
                next: string;
            }[];
            retry?: {
                /** @description Attempts in all, the first among them */
                max_attempts: number;
                /** @description The pause before the second attempt; each next pause is backoff_rate times longer */
                backoff_ms: number;
                /** @default 2 */
                backoff_rate: number;
                /** @description The codes retried; absent: every code but url_blocked, invalid_request, input_invalid, process_not_found, process_inactive and call_depth_exceeded (step_limit_exceeded never is). A retry takes the failures of running the step and a call’s child_failed; a deadline’s timeout goes to on_timeout or catch, a rejected approval to catch */
                on?: string[];
            };
            /** @constant */
            type: "parallel";
            /** @description Run at once; the output is the array of each branch’s last output, in branch order. The first branch to fail fails the step (the others stop). Step ids are unique in the whole definition; a branch’s next, choices and catches stay inside it; its steps wait only on the timer (delay, retry; no user_action, approval, wait_for_event or call); parallel and map nest at most 3 deep */
            branches: {
                steps: components["schemas"]["Step"][];
            }[];
        };
        MapStep: {
            id: string;
            name?: string;
            /**
             * @description Hidden steps are not listed on the instance
             * @default true
             */
            visible: boolean;
            /** @description False: the step is skipped */
            if?: string;
            /** @description The step to run after this one; default: the next in the list */
            next?: string;
            /** @description When the step fails with one of a clause’s codes (`*`: any but step_limit_exceeded), the instance goes to its next rather than fail, the error at steps.<id>.error; the first clause naming the code wins */
            catch?: {
                on: string[];
                next: string;
            }[];
            retry?: {
                /** @description Attempts in all, the first among them */
                max_attempts: number;
                /** @description The pause before the second attempt; each next pause is backoff_rate times longer */
                backoff_ms: number;
                /** @default 2 */
                backoff_rate: number;
                /** @description The codes retried; absent: every code but url_blocked, invalid_request, input_invalid, process_not_found, process_inactive and call_depth_exceeded (step_limit_exceeded never is). A retry takes the failures of running the step and a call’s child_failed; a deadline’s timeout goes to on_timeout or catch, a rejected approval to catch */
                on?: string[];
            };
            /** @constant */
            type: "map";
            /** @description A list of at most 1,000 elements (more fails the step with too_many_items; a single value is a list of one, nothing an empty list); steps run once per element, with item and index in their context. An instance has at most 1,000 branches and runs under way (more fails the step with too_many_lanes) */
            items: string;
            /** @description As a parallel branch’s: they stay inside the map and wait only on the timer */
            steps: components["schemas"]["Step"][];
            /** @default 4 */
            max_concurrency: number;
        };
        CallStep: {
            id: string;
            name?: string;
            /**
             * @description Hidden steps are not listed on the instance
             * @default true
             */
            visible: boolean;
            /** @description False: the step is skipped */
            if?: string;
            /** @description The step to run after this one; default: the next in the list */
            next?: string;
            /** @description When the step fails with one of a clause’s codes (`*`: any but step_limit_exceeded), the instance goes to its next rather than fail, the error at steps.<id>.error; the first clause naming the code wins */
            catch?: {
                on: string[];
                next: string;
            }[];
            retry?: {
                /** @description Attempts in all, the first among them */
                max_attempts: number;
                /** @description The pause before the second attempt; each next pause is backoff_rate times longer */
                backoff_ms: number;
                /** @default 2 */
                backoff_rate: number;
                /** @description The codes retried; absent: every code but url_blocked, invalid_request, input_invalid, process_not_found, process_inactive and call_depth_exceeded (step_limit_exceeded never is). A retry takes the failures of running the step and a call’s child_failed; a deadline’s timeout goes to on_timeout or catch, a rejected approval to catch */
                on?: string[];
            };
            /** @constant */
            type: "call";
            /** @description A definition that exists when this one is published; its active version runs when the step does, for the same merchant (at most 5 calls deep) */
            process_id: string;
            /** @description Must give an object: the child’s input */
            input: string;
        };
        /** @description One step of the step language; `type` says which. */
        Step: components["schemas"]["TransformStep"] | components["schemas"]["EmitStep"] | components["schemas"]["DelayStep"] | components["schemas"]["UserActionStep"] | components["schemas"]["ApprovalStep"] | components["schemas"]["ChoiceStep"] | components["schemas"]["HttpStep"] | components["schemas"]["FailStep"] | components["schemas"]["SucceedStep"] | components["schemas"]["WaitForEventStep"] | components["schemas"]["ParallelStep"] | components["schemas"]["MapStep"] | components["schemas"]["CallStep"];
        ProcessDefinitionBody: {
            id: string;
            name: string;
            description?: string | null;
            /** @description JSON Schema 2020-12 for a run’s input */
            input_schema: Record<string, never>;
            steps: components["schemas"]["Step"][];
            /** @description The instance’s result */
            output?: string | null;
        };
        ProcessDefinitionVersion: {
            id: string;
            /** @constant */
            object: "process_definition_version";
            version: number;
            /** @enum {string} */
            status: "draft" | "active" | "inactive";
            name: string;
            description: string | null;
            /** @description JSON Schema 2020-12 for a run’s input */
            input_schema: Record<string, never>;
            steps: components["schemas"]["Step"][];
            /** @description The instance’s result */
            output: string | null;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            created_at: string;
        };
        ProcessDefinitionSummary: {
            id: string;
            /** @constant */
            object: "process_definition";
            name: string;
            description: string | null;
            active_version: number | null;
            latest_version: number;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            updated_at: string;
        };
        ProcessDefinition: {
            id: string;
            /** @constant */
            object: "process_definition";
            name: string;
            description: string | null;
            active_version: number | null;
            latest_version: number;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            updated_at: string;
            versions: components["schemas"]["ProcessDefinitionVersion"][];
        };
        ProcessDefinitionList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["ProcessDefinitionSummary"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        /** @enum {string} */
        InstanceStatus: "pending" | "running" | "waiting" | "completed" | "failed" | "cancelled";
        InstanceStep: {
            id: string;
            name: string | null;
            type: string;
            /**
             * @description A step under way when its instance was cancelled reads `cancelled`; one under way when its instance ended otherwise, or when its fork ended (another lane failed), reads `stopped`
             * @enum {string}
             */
            status: "pending" | "running" | "waiting" | "completed" | "failed" | "skipped" | "cancelled" | "stopped";
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            started_at: string;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            completed_at: string | null;
            /** @description Present once the step completed */
            output?: unknown;
            error?: {
                code: string;
                message: string;
                step_id: string | null;
            };
            /** @description The attempt under way or last made, once the step’s retry ran it again */
            attempt?: number;
            /** @description A parallel’s branches or a map’s runs, in order, each with its steps (a step still running when its fork ended shows cancelled) */
            lanes?: {
                /** @description Where it is: fan[3], or fan[3]/checks[1] nested */
                lane: string;
                index: number;
                steps: components["schemas"]["InstanceStep"][];
            }[];
        };
        ProcessInstance: {
            id: string;
            /** @constant */
            object: "process_instance";
            definition: {
                id: string;
                version: number;
            };
            merchant_id: components["schemas"]["MerchantId"];
            status: components["schemas"]["InstanceStatus"];
            /** @description The input the run was given; null once the merchant’s data was erased or is past retention */
            inputs: Record<string, never> | null;
            result?: {
                output: unknown;
            };
            error?: {
                code: string;
                message: string;
                step_id: string | null;
            };
            /** @description Visible steps, in the order reached */
            steps: components["schemas"]["InstanceStep"][];
            /** @description As the caller gave it, with mode set to "api" by the service; a child instance’s says "call", with the parent’s instance_id and step_id */
            start_source: {
                /** @enum {string} */
                mode?: "api" | "call";
            };
            replay_of: string | null;
            /** @description The instance whose call step started this one; null for a top-level one */
            parent: {
                instance_id: string;
                step_id: string;
            } | null;
            /** @description The instances its call steps started (the first 100), oldest first */
            children: {
                instance_id: string;
                step_id: string;
                definition: {
                    id: string;
                    version: number;
                };
                status: components["schemas"]["InstanceStatus"];
            }[];
            /**
             * @description Present when the merchant’s data was erased: inputs, outputs and the result read as null
             * @constant
             */
            erased?: true;
            /**
             * @description Present when its payloads are past retention: inputs, outputs and the result read as null
             * @constant
             */
            data_expired?: true;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            updated_at: string;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            completed_at: string | null;
        };
        /** @description An instance as lists show it: no inputs, steps or result, which GET /v1/process-instances/{instance_id} shows */
        ProcessInstanceSummary: {
            id: string;
            /** @constant */
            object: "process_instance";
            definition: {
                id: string;
                version: number;
            };
            merchant_id: components["schemas"]["MerchantId"];
            status: components["schemas"]["InstanceStatus"];
            error?: {
                code: string;
                message: string;
                step_id: string | null;
            };
            replay_of: string | null;
            parent: {
                instance_id: string;
                step_id: string;
            } | null;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            updated_at: string;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            completed_at: string | null;
        };
        ProcessInstanceList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["ProcessInstanceSummary"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        ProcessInstanceEvent: {
            /** @constant */
            object: "process_instance_event";
            id: string;
            type: string;
            stream: string;
            revision: number;
            position: string;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            recorded_at: string;
            data: {
                [key: string]: unknown;
            };
            metadata: {
                merchant_id: string | null;
                actor: string | null;
                request_id: string | null;
                correlation_id: string | null;
                causation_id: string | null;
            };
        };
        ProcessInstanceEventList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["ProcessInstanceEvent"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        AuditEvent: {
            /** @description The event’s place in the whole log: pass it as from_position to read on */
            position: string;
            stream: string;
            revision: number;
            id: string;
            type: string;
            merchant_id: string | null;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            recorded_at: string;
            /** @description As recorded; signing secrets and key hashes read "[redacted]" */
            data: unknown;
            metadata: {
                merchant_id: string | null;
                /** @description The id of the API key (never the key), or the worker, that caused the event */
                actor: string | null;
                request_id: string | null;
                /** @description The request (or first event) a chain of events started from */
                correlation_id: string | null;
                /** @description The id of the event that caused this one; null for an API call’s own events */
                causation_id: string | null;
            };
        };
        AuditEventPage: {
            /** @constant */
            object: "list";
            data: components["schemas"]["AuditEvent"][];
            has_more: boolean;
            /** @description Pass it as from_position for the next page (or to follow the log later); null only while the log is empty */
            next_position: string | null;
        };
        RebuildProgress: {
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            started_at: string;
            events_done: number;
            events_total: number;
        };
        Projection: {
            /** @constant */
            object: "projection";
            name: string;
            /** @description Every event of the log up to this position is reflected in its read models */
            checkpoint: string | null;
            /** @description Events in the log after the checkpoint */
            lag: number;
            /** @enum {string} */
            status: "live" | "rebuilding" | "failing" | "stopped";
            last_error: string | null;
            rebuild: components["schemas"]["RebuildProgress"] | null;
        };
        ProjectionList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Projection"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        MerchantErasure: {
            id: components["schemas"]["MerchantId"];
            /** @constant */
            object: "merchant_erasure";
            merchant_id: components["schemas"]["MerchantId"];
            /**
             * Format: date-time
             * @description The last erasure
             */
            erased_at: string;
            reason: string;
            /** @description How many times the merchant was erased */
            erasures: number;
        };
        MerchantErasureList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["MerchantErasure"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        Replay: {
            replay_id: string;
            /** @description Every message queued: replayed + backfilled */
            count: number;
            /** @description Messages sent to the endpoint before, sent again */
            replayed: number;
            /** @description Events never sent to the endpoint, sent for the first time (include_unsent) */
            backfilled: number;
            /** @description Events of the window the endpoint receives but was never sent, left out without include_unsent */
            unsent_skipped: number;
        };
        /**
         * @description A JSONata expression over the delivered body ({ id, type, merchant_id, created_at, data }): the endpoint receives an event only when it evaluates to exactly true. An evaluation error counts as false (and is counted in the metric sluice_webhook_filter_errors_total). Each evaluation may run 100 ms; a filter that goes past its bounds (time, memory, or the size of what it makes) counts as false, without being run, for the next 60 s, and so do all of the merchant's filters that are not simple comparisons once three have. One that does not compile is 422 invalid_filter, with its position in errors[].position. null: every event the endpoint subscribes to. Not applied to test webhooks.
         * @default null
         * @example data.amount > 100 and data.currency = "EUR"
         */
        EndpointFilter: string | null;
        /**
         * @description fifo: at most one message in flight to the endpoint, in the order of their events in the log; a message waiting for a retry holds back the ones after it until it succeeds or is abandoned; a resend or replay goes to the back of the line.
         * @default unordered
         * @enum {unknown}
         */
        EndpointOrdering: "unordered" | "fifo";
        WebhookFilterTest: {
            /** @description The filter evaluated to exactly true */
            matches: boolean;
            /** @description Why the filter could not be evaluated (it then does not match) */
            error: {
                message: string;
            } | null;
            /** @description Fields of data the filter reads that the event type’s schema does not declare */
            warnings: components["schemas"]["FilterWarning"][];
        };
        /** @description The filter reads a field that the type’s schema does not list (where the schema lists its fields and welcomes no others): for events of that type it is missing. At most 50, from at most 32 paths of 8 steps and 100 types. */
        FilterWarning: {
            /** @description The event type whose schema lacks the field */
            type: string;
            /** @description The path the filter reads, as data.a.b */
            path: string;
            message: string;
        };
        WebhookFilterCheck: {
            warnings: components["schemas"]["FilterWarning"][];
        };
        EndpointSecret: {
            key: string;
            /** @description Which secret this is (from its digest), as a rotation names it */
            id: string;
            /**
             * Format: date-time
             * @description Until when the secret it replaced still signs beside it; null: it no longer does
             */
            previous_expires_at: string | null;
        };
        SecretRotation: {
            /** @description The new secret’s id; the secret itself is read from GET …/secret */
            id: string;
            /**
             * Format: date-time
             * @description Until when the old secret still signs beside the new one
             */
            previous_expires_at: string;
        };
        WebhookAttempt: {
            id: string;
            /** @constant */
            object: "webhook_attempt";
            endpoint_id: string;
            event_id: string;
            event_type: string;
            attempt_number: number;
            /** @enum {unknown} */
            trigger: "initial" | "retry" | "resend" | "replay" | "test";
            /** @enum {unknown} */
            status: "succeeded" | "failed";
            url: string;
            response_status_code: number | null;
            /** @description The first 4 KiB of the answer, as text; null when there was none, or once the merchant’s data was erased or is older than the retention period */
            response_body: string | null;
            error: {
                /** @enum {unknown} */
                code: "timeout" | "connection_refused" | "connection_reset" | "dns" | "tls" | "http_status" | "url_blocked";
                message: string;
            } | null;
            duration_ms: number;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            next_attempt_at: string | null;
            /**
             * @description Present when the answer had a body that was erased with its merchant’s data
             * @constant
             */
            response_body_erased?: true;
            /**
             * @description Present when the answer had a body older than the retention period
             * @constant
             */
            response_body_expired?: true;
        };
        WebhookAttemptList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["WebhookAttempt"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        WebhookMessage: {
            /** @description The event id: one message per event sent to the endpoint */
            id: string;
            /** @constant */
            object: "webhook_message";
            endpoint_id: string;
            event_id: string;
            event_type: string;
            /**
             * @description pending: waiting for its next attempt (a retry when last_attempt_status is failed); failed: given up
             * @enum {unknown}
             */
            status: "pending" | "succeeded" | "failed";
            attempts: number;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            last_attempt_at: string | null;
            /**
             * @description How the last attempt went; null before the first
             * @enum {unknown}
             */
            last_attempt_status: "succeeded" | "failed" | null;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            next_attempt_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            created_at: string;
            /**
             * @description Present when the event’s payload was erased with its merchant’s data: it cannot be sent again (409 data_erased)
             * @constant
             */
            erased?: true;
            /**
             * Format: date-time
             * @description When the payload was erased (with erased)
             */
            erased_at?: string | null;
            /**
             * @description Present when the event’s payload is older than SLUICE_PAYLOAD_RETENTION_DAYS: it cannot be sent again (409 data_erased)
             * @constant
             */
            data_expired?: true;
            /**
             * Format: date-time
             * @description When the payload stopped being kept (with data_expired)
             */
            data_expired_at?: string | null;
        };
        WebhookMessageList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["WebhookMessage"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        FieldFault: {
            path: string;
            message: string;
            /** @description Where in an expression the fault is (a filter that does not compile) */
            position?: number;
        };
        /** @description RFC 9457 problem details; `code` is the stable machine-readable reason. */
        Problem: {
            /** Format: uri-reference */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @enum {string} */
            code: "validation_failed" | "unauthorized" | "forbidden" | "not_found" | "method_not_allowed" | "definition_not_active" | "conflict" | "data_erased" | "payload_too_large" | "unsupported_media_type" | "headers_too_large" | "input_invalid" | "invalid_filter_type" | "invalid_filter" | "unknown_event_type" | "invalid_url" | "invalid_header" | "invalid_schema" | "event_data_invalid" | "idempotency_key_reused" | "limit_reached" | "rate_limited" | "internal" | "unavailable";
            request_id: string;
            errors?: components["schemas"]["FieldFault"][];
        };
        /** @example mer_acme */
        MerchantId: string;
        /**
         * @description admin: everything; merchant: its own merchant; auditor: reads everything, writes nothing; publisher: publishes events and runs processes for any merchant, nothing else
         * @enum {string}
         */
        Role: "admin" | "merchant" | "auditor" | "publisher";
        ApiKey: {
            id: string;
            /** @constant */
            object: "api_key";
            role: components["schemas"]["Role"];
            merchant_id: components["schemas"]["MerchantId"] | null;
            name: string | null;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            created_at: string;
        };
        ApiKeyCreated: {
            id: string;
            /** @constant */
            object: "api_key";
            /** @description The key itself, shown once. An idempotent replay of the creation answers null here: the key is never stored in clear. */
            key: string | null;
            role: components["schemas"]["Role"];
            merchant_id: components["schemas"]["MerchantId"] | null;
            name: string | null;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            created_at: string;
        };
        ApiKeyList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["ApiKey"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        PublicConfig: {
            /** @constant */
            api_version: "v1";
            process_runs: {
                max_wait_timeout_ms: number;
            };
            webhooks: {
                /** @constant */
                signature_version: "v1";
                timestamp_tolerance_s: number;
                retry_schedule_s: number[];
                attempt_timeout_ms: number;
                secret_rotation_grace_s: number;
                max_payload_bytes: number;
            };
        };
        EventType: {
            /** @constant */
            object: "event_type";
            /** @example order.created */
            name: string;
            family: string;
            description: string;
            /** @description Delivered by webhook to endpoints */
            deliverable: boolean;
            /**
             * @description JSON Schema 2020-12 for the data, at most 64 KiB as JSON. Compiled with the limits of process input schemas: patterns must be matchable in linear time, and references may not multiply the work. {"type": "object"} when nothing more is declared.
             * @example {
             *       "type": "object",
             *       "required": [
             *         "order_id"
             *       ],
             *       "properties": {
             *         "order_id": {
             *           "type": "string"
             *         }
             *       }
             *     }
             */
            schema: Record<string, never>;
            /** @description Data valid against the schema, each at most 64 KiB as JSON; at least one for a deliverable type. */
            examples: Record<string, never>[];
            /** @description One more with each change of the schema */
            version: number;
            /** @description Still published, and delivered to the endpoints that listed it; no endpoint may newly list it in filter_types. */
            deprecated: boolean;
            /**
             * Format: date-time
             * @description When the type last changed; null for a built-in type as the service ships it
             */
            updated_at: string | null;
        };
        EventTypeList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["EventType"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        RegisterEventType: {
            /**
             * @description Not starting with extension., webhook., message. or process. (the service’s own); a name taken by a built-in or registered type is 409.
             * @example shipment.dispatched
             */
            name: string;
            description: string;
            /** @default platform */
            family: string;
            /**
             * @description JSON Schema 2020-12 for the data, at most 64 KiB as JSON. Compiled with the limits of process input schemas: patterns must be matchable in linear time, and references may not multiply the work. {"type": "object"} when nothing more is declared.
             * @example {
             *       "type": "object",
             *       "required": [
             *         "order_id"
             *       ],
             *       "properties": {
             *         "order_id": {
             *           "type": "string"
             *         }
             *       }
             *     }
             */
            schema?: Record<string, never>;
            /** @description Data valid against the schema, each at most 64 KiB as JSON; at least one for a deliverable type. Absent: [{}] when the schema accepts {}. */
            examples?: Record<string, never>[];
            /** @default true */
            deliverable: boolean;
        };
        UpdateEventType: {
            description?: string;
            /**
             * @description JSON Schema 2020-12 for the data, at most 64 KiB as JSON. Compiled with the limits of process input schemas: patterns must be matchable in linear time, and references may not multiply the work. {"type": "object"} when nothing more is declared. A schema other than the current one adds one to version; the type's examples must match it (send new ones with it).
             * @example {
             *       "type": "object",
             *       "required": [
             *         "order_id"
             *       ],
             *       "properties": {
             *         "order_id": {
             *           "type": "string"
             *         }
             *       }
             *     }
             */
            schema?: Record<string, never>;
            /** @description Data valid against the schema, each at most 64 KiB as JSON; at least one for a deliverable type. */
            examples?: Record<string, never>[];
            deprecated?: boolean;
        };
        Channels: string[] | null;
        Event: {
            id: string;
            /** @constant */
            object: "event";
            type: string;
            merchant_id: components["schemas"]["MerchantId"];
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            created_at: string;
            /** @description Null once the payload can no longer be read: its merchant’s data was erased (erased: true) or it is older than the retention period (data_expired: true) */
            data: {
                [key: string]: unknown;
            } | null;
            channels: components["schemas"]["Channels"];
            /**
             * @description Present when the merchant’s data was erased since
             * @constant
             */
            erased?: true;
            /**
             * @description Present when the payload is older than SLUICE_PAYLOAD_RETENTION_DAYS
             * @constant
             */
            data_expired?: true;
        };
        EventList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Event"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        WebhookEndpoint: {
            id: string;
            /** @constant */
            object: "webhook_endpoint";
            merchant_id: components["schemas"]["MerchantId"];
            /** Format: uri */
            url: string;
            description: string;
            /** @description null: every deliverable type */
            filter_types: string[] | null;
            channels: components["schemas"]["Channels"];
            disabled: boolean;
            /** @enum {unknown} */
            disabled_reason: "manual" | "gone" | "failing" | null;
            rate_limit_per_s: number | null;
            metadata: {
                [key: string]: string;
            };
            /** @description Sent with every delivery; values under sensitive names shown as "[redacted]" */
            headers: {
                [key: string]: string;
            };
            filter: components["schemas"]["EndpointFilter"];
            ordering: components["schemas"]["EndpointOrdering"];
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339, UTC, milliseconds
             */
            updated_at: string;
        };
        WebhookEndpointList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["WebhookEndpoint"][];
            has_more: boolean;
            next_cursor: string | null;
        };
        TestDelivery: {
            event_id: string;
            /** @description The endpoints the test event is sent to */
            endpoints: string[];
        };
        Health: {
            /** @constant */
            status: "ok";
        };
        Ready: {
            /** @constant */
            status: "ready";
            checks: {
                [key: string]: "ok" | "unavailable";
            };
            /** @description The workers of this process whose loops are failing now (each tries again by itself) */
            workers_failing: {
                worker: string;
                failures: number;
                /** Format: date-time */
                since: string;
                error: string;
            }[];
        };
        NotReady: {
            /** Format: uri-reference */
            type: string;
            title: string;
            /** @constant */
            status: 503;
            detail: string;
            /** @constant */
            code: "unavailable";
            request_id: string;
            checks: {
                [key: string]: "ok" | "unavailable";
            };
            /** @description The workers of this process whose loops are failing now (each tries again by itself) */
            workers_failing: {
                worker: string;
                failures: number;
                /** Format: date-time */
                since: string;
                error: string;
            }[];
        };
    };
    responses: {
        /** @description validation_failed: malformed JSON, wrong shape, unknown field or bad parameter */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description unauthorized: missing or unknown API key */
        Unauthorized: {
            headers: {
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description forbidden: the key may not do this, or names another merchant */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description not_found */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description conflict: the state does not allow it, or a request with the same Idempotency-Key is running; data_erased: the payload (or the answer kept for the Idempotency-Key) was erased or has expired */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description payload_too_large: the body is over 1 MiB, or a payload in it (a process input, user-action data, an approval comment) is over max_payload_bytes as JSON */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description unsupported_media_type: the body is not JSON */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description headers_too_large: the request line and headers are over 16 KiB (a very long URL, say) */
        HeadersTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description idempotency_key_reused: the key was used with another request */
        IdempotencyKeyReused: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description rate_limited: per key; or, for an unknown key, per address after too many unknown keys (a valid key is never held back by its address) */
        RateLimited: {
            headers: {
                "Retry-After"?: string;
                "RateLimit-Limit"?: string;
                "RateLimit-Remaining"?: string;
                "RateLimit-Reset"?: string;
                "RateLimit-Policy"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description internal */
        Internal: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description unavailable: a store does not answer (the request changed nothing; make it again after Retry-After), or this process does not run the role the request needs */
        Unavailable: {
            headers: {
                "Retry-After"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /** @description Same key and same body within 24 h replays the first answer (header idempotent-replayed: true). */
        IdempotencyKey: string;
        Limit: number;
        Cursor: string;
        /** @description Implied for a merchant key; naming another merchant is 403. */
        MerchantIdQuery: components["schemas"]["MerchantId"];
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The running configuration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicConfig"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
        };
    };
    getOpenApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            431: components["responses"]["HeadersTooLarge"];
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
        };
    };
    ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ready"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            /** @description Not ready: a store does not answer, or a worker’s loop is failing */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["NotReady"];
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Limit"];
                cursor?: components["parameters"]["Cursor"];
                /** @description Implied for a merchant key; naming another merchant is 403. */
                merchant_id?: components["parameters"]["MerchantIdQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and same body within 24 h replays the first answer (header idempotent-replayed: true). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    role: components["schemas"]["Role"];
                    /** @description Required for role merchant, absent otherwise */
                    merchant_id?: components["schemas"]["MerchantId"] | null;
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listEventTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole catalog, in one page: built-in types first, then registered ones */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventTypeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createEventType: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and same body within 24 h replays the first answer (header idempotent-replayed: true). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterEventType"];
            };
        };
        responses: {
            /** @description Registered, version 1 */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventType"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Unprocessable: invalid_schema, idempotency_key_reused */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getEventType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The type’s name */
                event_type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventType"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateEventType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The type’s name */
                event_type: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateEventType"];
            };
        };
        responses: {
            /** @description The type as it now stands */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventType"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Unprocessable: invalid_schema */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Limit"];
                cursor?: components["parameters"]["Cursor"];
                /** @description Implied for a merchant key; naming another merchant is 403. */
                merchant_id?: components["parameters"]["MerchantIdQuery"];
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    publishEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and same body within 24 h replays the first answer (header idempotent-replayed: true). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @example company.created
                     * @example company.updated
                     * @example contact.created
                     */
                    type: string;
                    merchant_id: components["schemas"]["MerchantId"];
                    /** @description The business payload, at most 256 KiB as JSON */
                    data: {
                        [key: string]: unknown;
                    };
                    id?: string;
                    channels?: components["schemas"]["Channels"];
                };
            };
        };
        responses: {
            /** @description Already published with this id and content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description Published */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Unprocessable: unknown_event_type, event_data_invalid, idempotency_key_reused */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description Implied for a merchant key; naming another merchant is 403. */
                merchant_id?: components["parameters"]["MerchantIdQuery"];
                limit?: components["parameters"]["Limit"];
                cursor?: components["parameters"]["Cursor"];
                /** @description List the endpoints of `sluice listen` too */
                include_listeners?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of endpoints */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and same body within 24 h replays the first answer (header idempotent-replayed: true). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description https (http only with SLUICE_ALLOW_HTTP_URLS); not a private address
                     */
                    url: string;
                    /** @description Deliverable catalog types; null for all. extension.* and unknown types: 422 invalid_filter_type */
                    filter_types?: string[] | null;
                    channels?: components["schemas"]["Channels"];
                    description?: string;
                    metadata?: {
                        [key: string]: string;
                    };
                    disabled?: boolean;
                    /** @description Deliveries beyond it wait; null: no limit */
                    rate_limit_per_s?: number | null;
                    /** @description Sent with every delivery. Names are HTTP tokens; webhook-*, content-type, content-length and host (written by the service) and the headers of the connection or the framing (connection, keep-alive, proxy-connection, te, trailer, transfer-encoding, upgrade, http2-settings, expect) are refused, as are values with a line break or another control character (422 invalid_header). Values under sensitive names (authorization, proxy-authorization, cookie, or a name containing token, secret, key or auth) are sealed like secrets and shown as "[redacted]"; sending "[redacted]" back keeps the value. */
                    headers?: {
                        [key: string]: string;
                    };
                    filter?: components["schemas"]["EndpointFilter"];
                    ordering?: components["schemas"]["EndpointOrdering"];
                    /** @description Required for an admin key; implied for a merchant key */
                    merchant_id?: components["schemas"]["MerchantId"];
                    /** @description Import a secret instead of generating one */
                    secret?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Unprocessable: invalid_url, invalid_filter_type, invalid_header, invalid_filter, limit_reached, idempotency_key_reused */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description https (http only with SLUICE_ALLOW_HTTP_URLS); not a private address
                     */
                    url?: string;
                    /** @description Deliverable catalog types; null for all. extension.* and unknown types: 422 invalid_filter_type */
                    filter_types?: string[] | null;
                    channels?: components["schemas"]["Channels"];
                    description?: string;
                    metadata?: {
                        [key: string]: string;
                    };
                    disabled?: boolean;
                    /** @description Deliveries beyond it wait; null: no limit */
                    rate_limit_per_s?: number | null;
                    /** @description Sent with every delivery. Names are HTTP tokens; webhook-*, content-type, content-length and host (written by the service) and the headers of the connection or the framing (connection, keep-alive, proxy-connection, te, trailer, transfer-encoding, upgrade, http2-settings, expect) are refused, as are values with a line break or another control character (422 invalid_header). Values under sensitive names (authorization, proxy-authorization, cookie, or a name containing token, secret, key or auth) are sealed like secrets and shown as "[redacted]"; sending "[redacted]" back keeps the value. */
                    headers?: {
                        [key: string]: string;
                    };
                    filter?: components["schemas"]["EndpointFilter"];
                    ordering?: components["schemas"]["EndpointOrdering"];
                };
            };
        };
        responses: {
            /** @description The endpoint as updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Unprocessable: invalid_url, invalid_filter_type, invalid_header, invalid_filter */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getWebhookEndpointSecret: {
        parameters: {
            query?: {
                /** @description Implied for a merchant key; naming another merchant is 403. */
                merchant_id?: components["parameters"]["MerchantIdQuery"];
            };
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndpointSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and same body within 24 h replays the first answer (header idempotent-replayed: true). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The new secret; generated when absent */
                    key?: string;
                };
            };
        };
        responses: {
            /** @description Rotated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecretRotation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and same body within 24 h replays the first answer (header idempotent-replayed: true). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Required for an admin key; implied for a merchant key */
                    merchant_id?: components["schemas"]["MerchantId"];
                    endpoint_id?: string;
                    data?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Planned */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhookAttempts: {
        parameters: {
            query?: {
                /** @description Implied for a merchant key; naming another merchant is 403. */
                merchant_id?: components["parameters"]["MerchantIdQuery"];
                status?: "succeeded" | "failed";
                event_type?: string;
                limit?: components["parameters"]["Limit"];
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of attempts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAttemptList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhookMessages: {
        parameters: {
            query?: {
                /** @description Implied for a merchant key; naming another merchant is 403. */
                merchant_id?: components["parameters"]["MerchantIdQuery"];
                status?: "pending" | "succeeded" | "failed";
                limit?: components["parameters"]["Limit"];
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookMessageList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    resendWebhookMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and same body within 24 h replays the first answer (header idempotent-replayed: true). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                endpoint_id: string;
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    replayWebhookMessages: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and same body within 24 h replays the first answer (header idempotent-replayed: true). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    since: string;
                    /**
                     * Format: date-time
                     * @description Default: now
                     */
                    until?: string;
                    /** @default true */
                    only_failed?: boolean;
                    /**
                     * @description Also send, for the first time, the events never sent to the endpoint
                     * @default false
                     */
                    include_unsent?: boolean;
                };
            };
        };
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Replay"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getWebhookEndpointStats: {
        parameters: {
            query?: {
                /** @description Implied for a merchant key; naming another merchant is 403. */
                merchant_id?: components["parameters"]["MerchantIdQuery"];
                /** @description Start of the range. Default: 24 hours before until */
                since?: string;
                /** @description End of the range, excluded. Default: now */
                until?: string;
                interval?: "hour" | "day";
            };
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint’s statistics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "webhook_endpoint_stats";
                        endpoint_id: string;
                        /** @enum {unknown} */
                        interval: "hour" | "day";
                        /** @description Every bucket the range touches, oldest first, zeros included */
                        buckets: {
                            /**
                             * Format: date-time
                             * @description Where the bucket begins, on the interval’s boundary (UTC)
                             */
                            start: string;
                            succeeded: number;
                            failed: number;
                        }[];
                        messages: {
                            pending: number;
                            succeeded: number;
                            failed: number;
                        };
                        /** @description The run of failed attempts the endpoint is in now; null once an attempt succeeds, or before any attempt */
                        failing_streak: {
                            /**
                             * Format: date-time
                             * @description The first failed attempt after the last success (or after none)
                             */
                            first_failure_at: string;
                            /**
                             * Format: date-time
                             * @description The latest failed attempt
                             */
                            last_failure_at: string;
                            /** @description Failed attempts since the last success */
                            failed_attempts: number;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    testWebhookFilter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A JSONata expression, as an endpoint’s filter */
                    filter: string;
                    event: {
                        type: string;
                        data: {
                            [key: string]: unknown;
                        };
                        /** @description Required for an admin key; implied for a merchant key (another merchant: 403) */
                        merchant_id?: components["schemas"]["MerchantId"];
                        /** @description Checked as on publish; not in the delivered body */
                        channels?: components["schemas"]["Channels"];
                    };
                };
            };
        };
        responses: {
            /** @description Whether the filter matches, and why it could not be evaluated if so */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookFilterTest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Unprocessable: invalid_filter */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    checkWebhookFilter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A JSONata expression, as an endpoint’s filter */
                    filter: string;
                    /** @description The types the endpoint lists; names not in the catalog are passed over */
                    filter_types: string[];
                };
            };
        };
        responses: {
            /** @description What the filter reads that a type lacks, one warning per type and path */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookFilterCheck"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Unprocessable: invalid_filter */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listenForDeliveries: {
        parameters: {
            query?: {
                /** @description Implied for a merchant key; naming another merchant is 403. */
                merchant_id?: components["parameters"]["MerchantIdQuery"];
                /** @description Deliverable event types, comma-separated; absent: every type. Others: 422 invalid_filter_type */
                events?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream of deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Unprocessable: invalid_filter_type */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    answerListenedDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The delivery’s `try`, exactly as handed out: the service signed it, and answers it only from the key whose listener it was handed to, for a delivery of that listener (404 otherwise) */
                    try: string;
                    /** @description null when the local receiver could not be reached */
                    status_code: number | null;
                    duration_ms: number;
                    /** @description What it answered */
                    body?: string | null;
                    error?: {
                        /** @enum {string} */
                        code: "timeout" | "connection_refused" | "connection_reset" | "dns";
                        message: string;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Recorded; a failed try is retried on the schedule */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listProcessDefinitions: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Limit"];
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of definitions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessDefinitionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    publishProcessDefinition: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and same body within 24 h replays the first answer (header idempotent-replayed: true). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProcessDefinitionBody"];
            };
        };
        responses: {
            /** @description The new version */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessDefinitionVersion"];
                };
            };
            /** @description The new version as published, when the read models lag behind the log (a projector being taken over): it is recorded, and shows on its route once they catch up */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessDefinitionVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Unprocessable: idempotency_key_reused */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getProcessDefinition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                definition_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The definition with its versions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessDefinition"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    activateProcessDefinition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                definition_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    version: number;
                };
            };
        };
        responses: {
            /** @description The definition with its versions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessDefinition"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    deactivateProcessDefinition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                definition_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The definition with its versions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessDefinition"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    runProcess: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and same body within 24 h replays the first answer (header idempotent-replayed: true). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                definition_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Validated against the input schema (422) */
                    input?: Record<string, never>;
                    /** @description Required for an admin key; implied for a merchant key */
                    merchant_id?: components["schemas"]["MerchantId"] | null;
                    /** @description Kept as given; mode is set to "api" */
                    start_source?: Record<string, never>;
                    wait?: {
                        /** @description At most GET /v1/config process_runs.max_wait_timeout_ms (400 beyond) */
                        timeout_ms: number;
                    };
                };
            };
        };
        responses: {
            /** @description With wait: the instance reached a terminal status in the window */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessInstance"];
                };
            };
            /** @description Without wait: the created instance, at once */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessInstance"];
                };
            };
            /** @description With wait: the instance waits for a person (a user action or an approval), or the window closed first; the run goes on. With or without wait, also when the read models lag behind the log (a projector being taken over): the instance as created, pending. Follow Location. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessInstance"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description definition_not_active, or conflict (Idempotency-Key in use) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Unprocessable: input_invalid, idempotency_key_reused */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listProcessInstances: {
        parameters: {
            query?: {
                /** @description Implied for a merchant key; naming another merchant is 403. */
                merchant_id?: components["parameters"]["MerchantIdQuery"];
                status?: components["schemas"]["InstanceStatus"];
                definition_id?: string;
                limit?: components["parameters"]["Limit"];
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of instances, as summaries: each one’s own route shows its inputs, steps and result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessInstanceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getProcessInstance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                instance_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The instance */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessInstance"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelProcessInstance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                instance_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The cancelled instance */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessInstance"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    replayProcessInstance: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and same body within 24 h replays the first answer (header idempotent-replayed: true). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                instance_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The new instance */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessInstance"];
                };
            };
            /** @description The new instance as created, pending, when the read models lag behind the log (a projector being taken over); the run goes on. Follow Location. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessInstance"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Unprocessable: input_invalid, idempotency_key_reused */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    completeUserAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                instance_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    step_id: string;
                    data?: unknown;
                };
            };
        };
        responses: {
            /** @description The instance, resumed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessInstance"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    resolveApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                instance_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    step_id: string;
                    /** @enum {string} */
                    decision: "approved" | "rejected";
                    comment?: string | null;
                };
            };
        };
        responses: {
            /** @description The instance, resumed or failed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessInstance"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listProcessInstanceEvents: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Limit"];
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                instance_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessInstanceEventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAuditEvents: {
        parameters: {
            query?: {
                /** @description Events after this position (a next_position or an event’s position); absent: from the start. Reading backward: events before it; absent: from the end */
                from_position?: string;
                /** @description forward: oldest first; backward: newest first, from the end of the log */
                direction?: "forward" | "backward";
                /** @description Events per page */
                limit?: number;
                /** @description Only events of this exact type */
                type?: string;
                /** @description Only events of this merchant */
                merchant_id?: components["schemas"]["MerchantId"];
                /** @description Only events of this exact stream */
                stream?: string;
                /** @description Only the events of one correlation: the chain of events one request or event set off */
                correlation_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the log */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEventPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listProjections: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every projection */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getProjection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A name from GET /v1/admin/projections */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The projection */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Projection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    rebuildProjection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A name from GET /v1/admin/projections */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rebuild is under way */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Projection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    reconcileDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Exclusive; the start of the log when absent */
                    from_position?: string;
                    /** @default 1000 */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description The stretch was planned */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "reconciliation";
                        /** @description Business events read and planned again */
                        events: number;
                        next_position: string | null;
                        has_more: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    eraseMerchantData: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and same body within 24 h replays the first answer (header idempotent-replayed: true). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                merchant_id: components["schemas"]["MerchantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Why, for the audit log (a request reference, say) */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Erased; the abandonment of its pending deliveries follows */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description RFC 3339, UTC, milliseconds
                         */
                        erased_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listMerchantErasures: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Limit"];
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of erasures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantErasureList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createPortalSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and same body within 24 h replays the first answer (header idempotent-replayed: true). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    merchant_id: components["schemas"]["MerchantId"];
                    /** @description Default: every capability */
                    capabilities?: ("view" | "manage_endpoints" | "view_secret" | "rotate_secret" | "send")[];
                    /** @default 3600 */
                    expires_in_s?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "portal_session";
                        id: string;
                        merchant_id: components["schemas"]["MerchantId"];
                        /** @description view: the merchant’s endpoints, messages, attempts, statistics, events and event types; manage_endpoints: create, update, delete endpoints and test filters; view_secret and rotate_secret: the signing secret; send: test sends, resends, replays. view is always granted. */
                        capabilities: ("view" | "manage_endpoints" | "view_secret" | "rotate_secret" | "send")[];
                        /** @description The sign-in link, `<base>/portal#code=<code>`, shown once: the code works once and until expires_at. An idempotent replay answers null here: the code is never stored. */
                        url: string | null;
                        /**
                         * Format: date-time
                         * @description RFC 3339, UTC, milliseconds
                         */
                        expires_at: string;
                        /** @description Whether the merchant has an endpoint, an event or a process instance: false for a new merchant, or for a mistyped id (the link is made all the same) */
                        merchant_known: boolean;
                        /** @description What whoever hands the link on should check first; empty when nothing */
                        warnings: {
                            /** @constant */
                            code: "unknown_merchant";
                            message: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    exchangePortalCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description The token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A bearer key acting for the merchant within its capabilities, until expires_at */
                        token: string;
                        merchant_id: components["schemas"]["MerchantId"];
                        /** @description view: the merchant’s endpoints, messages, attempts, statistics, events and event types; manage_endpoints: create, update, delete endpoints and test filters; view_secret and rotate_secret: the signing secret; send: test sends, resends, replays. view is always granted. */
                        capabilities: ("view" | "manage_endpoints" | "view_secret" | "rotate_secret" | "send")[];
                        /**
                         * Format: date-time
                         * @description RFC 3339, UTC, milliseconds
                         */
                        expires_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
        };
    };
    expirePortalSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    merchant_id: components["schemas"]["MerchantId"];
                };
            };
        };
        responses: {
            /** @description Expired */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    receive_company_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "company.created",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "company_id": "cmp_8f2k1w",
                 *         "legal_name": "Acme Trading GmbH",
                 *         "registration_number": "HRB 123456",
                 *         "country": "DE",
                 *         "created_at": "2026-03-02T09:14:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "company.created";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_company_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "company.updated",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "company_id": "cmp_8f2k1w",
                 *         "changes": {
                 *           "legal_name": "Acme Trading AG",
                 *           "registration_number": "HRB 654321"
                 *         },
                 *         "updated_at": "2026-03-09T11:02:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "company.updated";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_contact_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "contact.created",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "contact_id": "ct_31x9pa",
                 *         "company_id": "cmp_8f2k1w",
                 *         "first_name": "Maria",
                 *         "last_name": "Keller",
                 *         "email": "maria.keller@acme.example"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "contact.created";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_contact_role_certified: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "contact_role.certified",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "contact_id": "ct_31x9pa",
                 *         "company_id": "cmp_8f2k1w",
                 *         "role": "managing_director",
                 *         "certified_at": "2026-03-03T15:40:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "contact_role.certified";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_onboarding_case_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "onboarding_case.completed",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "onboarding_case_id": "onb_2p7q8s",
                 *         "company_id": "cmp_8f2k1w",
                 *         "decision": "accepted",
                 *         "completed_at": "2026-03-04T10:00:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "onboarding_case.completed";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_onboarding_case_rejected: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "onboarding_case.rejected",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "onboarding_case_id": "onb_2p7q8s",
                 *         "company_id": "cmp_8f2k1w",
                 *         "reason": "beneficial_owner_not_verified",
                 *         "rejected_at": "2026-03-04T10:00:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "onboarding_case.rejected";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_compliance_check_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "compliance_check.created",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "compliance_check_id": "cc_5h2m7v",
                 *         "company_id": "cmp_8f2k1w",
                 *         "check_type": "sanctions_screening",
                 *         "created_at": "2026-03-02T09:15:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "compliance_check.created";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_compliance_check_review_required: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "compliance_check.review_required",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "compliance_check_id": "cc_5h2m7v",
                 *         "company_id": "cmp_8f2k1w",
                 *         "check_type": "sanctions_screening",
                 *         "reason": "possible_name_match",
                 *         "due_at": "2026-03-05T09:15:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "compliance_check.review_required";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_order_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "order.created",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "order_id": "ord_7f3k9q",
                 *         "customer_id": "cus_4821",
                 *         "currency": "EUR",
                 *         "amount_total": 12990,
                 *         "lines": [
                 *           {
                 *             "sku": "TSHIRT-M-BLUE",
                 *             "quantity": 2,
                 *             "unit_amount": 6495
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "order.created";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_order_confirmed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "order.confirmed",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "order_id": "ord_7f3k9q",
                 *         "customer_id": "cus_4821",
                 *         "confirmed_at": "2026-03-10T08:31:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "order.confirmed";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_checkout_session_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "checkout_session.completed",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "checkout_session_id": "cs_91ab4e",
                 *         "order_id": "ord_7f3k9q",
                 *         "currency": "EUR",
                 *         "amount_total": 12990,
                 *         "payment_method": "card",
                 *         "completed_at": "2026-03-10T08:30:12.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "checkout_session.completed";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_invoice_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "invoice.created",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "invoice_id": "inv_3k8d2m",
                 *         "order_id": "ord_7f3k9q",
                 *         "customer_id": "cus_4821",
                 *         "currency": "EUR",
                 *         "amount_total": 12990,
                 *         "due_date": "2026-04-09"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "invoice.created";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_invoice_issued: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "invoice.issued",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "invoice_id": "inv_3k8d2m",
                 *         "invoice_number": "INV-2026-000142",
                 *         "issued_at": "2026-03-10T09:00:00.000Z",
                 *         "due_date": "2026-04-09"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "invoice.issued";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_invoice_sent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "invoice.sent",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "invoice_id": "inv_3k8d2m",
                 *         "invoice_number": "INV-2026-000142",
                 *         "recipient_email": "billing@customer.example",
                 *         "sent_at": "2026-03-10T09:01:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "invoice.sent";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_invoice_cancelled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "invoice.cancelled",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "invoice_id": "inv_3k8d2m",
                 *         "invoice_number": "INV-2026-000142",
                 *         "reason": "duplicate",
                 *         "cancelled_at": "2026-03-11T14:20:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "invoice.cancelled";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_psp_payment_succeeded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "psp_payment.succeeded",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "payment_id": "pay_6t1z4r",
                 *         "psp": "stripe",
                 *         "psp_reference": "pi_3OxQ2a2eZvKYlo2C1",
                 *         "order_id": "ord_7f3k9q",
                 *         "currency": "EUR",
                 *         "amount": 12990,
                 *         "succeeded_at": "2026-03-10T08:30:10.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "psp_payment.succeeded";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_payment_received: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "payment.received",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "payment_id": "pay_9c2w7d",
                 *         "currency": "EUR",
                 *         "amount": 12990,
                 *         "payer_name": "Customer GmbH",
                 *         "reference": "INV-2026-000142",
                 *         "received_at": "2026-03-20T07:45:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "payment.received";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_payment_allocation_complete: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "payment_allocation.complete",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "payment_id": "pay_9c2w7d",
                 *         "allocations": [
                 *           {
                 *             "invoice_id": "inv_3k8d2m",
                 *             "amount": 12990
                 *           }
                 *         ],
                 *         "completed_at": "2026-03-20T07:46:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "payment_allocation.complete";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_process_instance_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "process.instance.created",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "instance_id": "pi_01JQ7Z8X2V3N4M5K6P7R8S9T0W",
                 *         "definition": {
                 *           "id": "order.fulfilment",
                 *           "version": 3
                 *         },
                 *         "status": "pending"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "process.instance.created";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_process_instance_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "process.instance.completed",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "instance_id": "pi_01JQ7Z8X2V3N4M5K6P7R8S9T0W",
                 *         "definition": {
                 *           "id": "order.fulfilment",
                 *           "version": 3
                 *         },
                 *         "status": "completed",
                 *         "output": {
                 *           "shipment_id": "shp_4k2j9d",
                 *           "carrier": "dhl"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "process.instance.completed";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_process_instance_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "process.instance.failed",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "instance_id": "pi_01JQ7Z8X2V3N4M5K6P7R8S9T0W",
                 *         "definition": {
                 *           "id": "order.fulfilment",
                 *           "version": 3
                 *         },
                 *         "status": "failed",
                 *         "error": {
                 *           "code": "approval_rejected",
                 *           "message": "The approval step approve was rejected.",
                 *           "step_id": "approve"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "process.instance.failed";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_process_instance_cancelled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "process.instance.cancelled",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "instance_id": "pi_01JQ7Z8X2V3N4M5K6P7R8S9T0W",
                 *         "definition": {
                 *           "id": "order.fulfilment",
                 *           "version": 3
                 *         },
                 *         "status": "cancelled"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "process.instance.cancelled";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_process_instance_replayed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "process.instance.replayed",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "instance_id": "pi_01JQ8C0D1E2F3G4H5J6K7M8N9P",
                 *         "definition": {
                 *           "id": "order.fulfilment",
                 *           "version": 3
                 *         },
                 *         "status": "pending",
                 *         "replay_of": "pi_01JQ7Z8X2V3N4M5K6P7R8S9T0W"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "process.instance.replayed";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_process_user_action_requested: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "process.user_action.requested",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "instance_id": "pi_01JQ7Z8X2V3N4M5K6P7R8S9T0W",
                 *         "step_id": "confirm_address",
                 *         "action": "confirm_delivery_address"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "process.user_action.requested";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_process_user_action_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "process.user_action.completed",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "instance_id": "pi_01JQ7Z8X2V3N4M5K6P7R8S9T0W",
                 *         "step_id": "confirm_address",
                 *         "data": {
                 *           "address_confirmed": true,
                 *           "note": "Deliver to the side entrance"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "process.user_action.completed";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_approval_request_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "approval_request.created",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "instance_id": "pi_01JQ7Z8X2V3N4M5K6P7R8S9T0W",
                 *         "step_id": "approve"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "approval_request.created";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_approval_request_resolved: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "approval_request.resolved",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "instance_id": "pi_01JQ7Z8X2V3N4M5K6P7R8S9T0W",
                 *         "step_id": "approve",
                 *         "decision": "approved",
                 *         "comment": "Within the customer’s credit limit"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "approval_request.resolved";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_webhook_test: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "webhook.test",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "note": "Checking the new endpoint before going live"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "webhook.test";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_webhook_endpoint_disabled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "webhook_endpoint.disabled",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "endpoint_id": "we_01JQ80A1B2C3D4E5F6G7H8J9K0",
                 *         "url": "https://hooks.merchant.example/sluice",
                 *         "reason": "failing",
                 *         "disabled_at": "2026-03-15T06:00:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "webhook_endpoint.disabled";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_webhook_endpoint_enabled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "webhook_endpoint.enabled",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "endpoint_id": "we_01JQ80A1B2C3D4E5F6G7H8J9K0"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "webhook_endpoint.enabled";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_message_attempt_failing: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "message.attempt.failing",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "endpoint_id": "we_01JQ80A1B2C3D4E5F6G7H8J9K0",
                 *         "event_id": "evt_01JQ80B2C3D4E5F6G7H8J9K0M1",
                 *         "event_type": "order.created",
                 *         "attempt_count": 4,
                 *         "last_error": {
                 *           "code": "http_status",
                 *           "message": "The receiver answered 503.",
                 *           "response_status_code": 503
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "message.attempt.failing";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_message_attempt_exhausted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "message.attempt.exhausted",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "endpoint_id": "we_01JQ80A1B2C3D4E5F6G7H8J9K0",
                 *         "event_id": "evt_01JQ80B2C3D4E5F6G7H8J9K0M1",
                 *         "event_type": "order.created",
                 *         "attempt_count": 8,
                 *         "last_error": {
                 *           "code": "timeout",
                 *           "message": "The operation was aborted due to timeout",
                 *           "response_status_code": null
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "message.attempt.exhausted";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receive_message_attempt_recovered: {
        parameters: {
            query?: never;
            header: {
                /** @description The event’s id: the same for every try and every endpoint; deduplicate on it */
                "webhook-id": string;
                /** @description Seconds since the epoch when this try was signed; refuse one far from now */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` under each signing secret in use (two during a rotation) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01JD3Z6M4Q8R2T5V7X9Y0A1B2C",
                 *       "type": "message.attempt.recovered",
                 *       "merchant_id": "mer_acme",
                 *       "created_at": "2026-11-20T09:30:00.000Z",
                 *       "data": {
                 *         "endpoint_id": "we_01JQ80A1B2C3D4E5F6G7H8J9K0",
                 *         "event_id": "evt_01JQ80B2C3D4E5F6G7H8J9K0M1",
                 *         "event_type": "order.created",
                 *         "attempt_count": 5
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The event’s id, also sent as webhook-id */
                    id: string;
                    /** @constant */
                    type: "message.attempt.recovered";
                    merchant_id: string;
                    /** Format: date-time */
                    created_at: string;
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Received: no further try is made */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

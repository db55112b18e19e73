// Generated from molt's /openapi.json by client/generate.ts — do not edit by hand.
export interface paths {
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Turns, request latencies, errors, process metrics.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
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
        /**
         * Liveness
         * @description Answers 200 while the process serves HTTP.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
            };
        };
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
        /**
         * Readiness
         * @description Answers 200 when PostgreSQL and Temporal answer, 503 naming the one that does not.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ready" | "unavailable";
                            database: boolean;
                            temporal: boolean;
                            worker: boolean;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ready" | "unavailable";
                            database: boolean;
                            temporal: boolean;
                            worker: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/turns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Post a turn
         * @description The agent's per-turn call: the turn's messages (in `format`: openclaw, anthropic or openai) are stored in one transaction and the session workflow is signalled with their seqs and token counts. Idempotent on `turnId` (the same content answers `replayed: true`; other content 409). The answer is the session view and `warnings`: a window molt assumed because no turn named `contextWindowTokens`, a message larger than the window.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "turnId": "turn-0007",
                     *       "format": "openclaw",
                     *       "contextWindowTokens": 200000,
                     *       "userId": "user-42",
                     *       "agentId": "coding-agent",
                     *       "messages": [
                     *         {
                     *           "role": "user",
                     *           "content": "The tests in api/routes fail since the upgrade. Can you look?"
                     *         },
                     *         {
                     *           "role": "assistant",
                     *           "content": [
                     *             {
                     *               "type": "text",
                     *               "text": "Let me run them first."
                     *             },
                     *             {
                     *               "type": "toolCall",
                     *               "id": "call_1",
                     *               "name": "bash",
                     *               "arguments": {
                     *                 "command": "npm test -- api/routes"
                     *               }
                     *             }
                     *           ],
                     *           "stopReason": "toolUse",
                     *           "usage": {
                     *             "input": 18240,
                     *             "output": 96,
                     *             "cacheRead": 15000
                     *           }
                     *         },
                     *         {
                     *           "role": "toolResult",
                     *           "toolCallId": "call_1",
                     *           "toolName": "bash",
                     *           "content": [
                     *             {
                     *               "type": "text",
                     *               "text": "FAIL api/routes/turns.test.ts\n  expected 202, got 400"
                     *             }
                     *           ],
                     *           "isError": true
                     *         },
                     *         {
                     *           "role": "assistant",
                     *           "content": "The turn schema rejects the new field; I will add it to turnBodySchema."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        turnId: string;
                        messages: unknown[];
                        /**
                         * @default openclaw
                         * @enum {string}
                         */
                        format?: "openclaw" | "anthropic" | "openai";
                        contextWindowTokens?: number;
                        settings?: {
                            uploadRatio?: number;
                            forceRatio?: number;
                            keepRecentTokens?: number | null;
                            breaker?: {
                                maxConsecutiveFailures?: number;
                                cooldownMs?: number | null;
                            };
                            pruning?: {
                                /** @enum {string} */
                                mode?: "off" | "cache-ttl";
                                ttlMs?: number;
                                ttl?: string;
                                keepLastAssistants?: number;
                                softTrimRatio?: number;
                                hardClearRatio?: number;
                                forcePruneRatio?: number;
                                minPrunableToolChars?: number;
                                tools?: {
                                    allow?: string[];
                                    deny?: string[];
                                };
                                softTrim?: {
                                    maxChars?: number;
                                    headChars?: number;
                                    tailChars?: number;
                                };
                                hardClear?: {
                                    enabled?: boolean;
                                    placeholder?: string;
                                };
                            };
                            historyLimit?: number;
                            agentsMd?: string;
                            summaryMaxTokens?: number;
                            keyFileRestore?: {
                                enabled?: boolean;
                                maxFiles?: number;
                                maxTokensPerFile?: number;
                                maxTotalTokens?: number;
                            };
                        };
                        userId?: string;
                        agentId?: string;
                        usage?: {
                            input?: number;
                            output?: number;
                            cacheRead?: number;
                            cacheWrite?: number;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sessionId: string;
                            contextWindowTokens: number;
                            liveTokens: number;
                            ratio: number;
                            thresholds: {
                                upload: number;
                                force: number;
                            };
                            keepRecentTokens: number;
                            lastSeq: number;
                            boundarySeq: number;
                            summary: {
                                compactionId: string;
                                tokens: number;
                                toSeq: number;
                            } | null;
                            upload: {
                                compactionId: string;
                                fromSeq: number;
                                toSeq: number;
                                /** @enum {string} */
                                status: "running" | "succeeded" | "degraded" | "failed" | "cancelled";
                                forced: boolean;
                                /** @enum {string} */
                                trigger: "threshold" | "forced" | "overflow" | "manual" | "replay";
                            } | null;
                            breaker: {
                                /** @enum {string} */
                                state: "closed" | "open";
                                halfOpen: boolean;
                                consecutiveFailures: number;
                                lastError: string | null;
                            };
                            compactions: {
                                total: number;
                                failed: number;
                                degraded: number;
                            };
                            calibration: {
                                seq: number;
                                providerTokens: number;
                                /** @enum {string} */
                                mode: "exact" | "carried";
                            } | null;
                            workflowId: string;
                            transcript: {
                                messages: number;
                                tokens: number;
                            };
                            userId: string | null;
                            agentId: string | null;
                            turn: {
                                turnId: string;
                                fromSeq: number;
                                toSeq: number;
                                replayed: boolean;
                            };
                            warnings: {
                                /** @enum {string} */
                                code: "context_window_defaulted" | "message_exceeds_window" | "breaker_open" | "context_near_window" | "context_over_window";
                                message: string;
                                contextWindowTokens: number;
                                messageIndex?: number;
                                tokens?: number;
                                reason?: string | null;
                            }[];
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state (`code` says how) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description A value the database cannot store */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description A dependency (PostgreSQL or Temporal) is unavailable: retry after `Retry-After` seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sessions
         * @description The tenant's sessions, newest first, each with its view; filter by `breaker` state. Paginated.
         *
         *     Operator keys only.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    breaker?: "open" | "closed";
                    q?: string;
                    userId?: string;
                    agentId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                sessionId: string;
                                contextWindowTokens: number;
                                liveTokens: number;
                                ratio: number;
                                thresholds: {
                                    upload: number;
                                    force: number;
                                };
                                keepRecentTokens: number;
                                lastSeq: number;
                                boundarySeq: number;
                                summary: {
                                    compactionId: string;
                                    tokens: number;
                                    toSeq: number;
                                } | null;
                                upload: {
                                    compactionId: string;
                                    fromSeq: number;
                                    toSeq: number;
                                    /** @enum {string} */
                                    status: "running" | "succeeded" | "degraded" | "failed" | "cancelled";
                                    forced: boolean;
                                    /** @enum {string} */
                                    trigger: "threshold" | "forced" | "overflow" | "manual" | "replay";
                                } | null;
                                breaker: {
                                    /** @enum {string} */
                                    state: "closed" | "open";
                                    halfOpen: boolean;
                                    consecutiveFailures: number;
                                    lastError: string | null;
                                };
                                compactions: {
                                    total: number;
                                    failed: number;
                                    degraded: number;
                                };
                                calibration: {
                                    seq: number;
                                    providerTokens: number;
                                    /** @enum {string} */
                                    mode: "exact" | "carried";
                                } | null;
                                workflowId: string;
                                transcript: {
                                    messages: number;
                                    tokens: number;
                                };
                                userId: string | null;
                                agentId: string | null;
                                createdAt: string;
                            }[];
                            nextCursor: string | null;
                            total: number;
                            totalCapped: boolean;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a session
         * @description The session view: live tokens against the window, thresholds, summary in force, upload, breaker, calibration, transcript size, memory scope and extractions.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sessionId: string;
                            contextWindowTokens: number;
                            liveTokens: number;
                            ratio: number;
                            thresholds: {
                                upload: number;
                                force: number;
                            };
                            keepRecentTokens: number;
                            lastSeq: number;
                            boundarySeq: number;
                            summary: {
                                compactionId: string;
                                tokens: number;
                                toSeq: number;
                            } | null;
                            upload: {
                                compactionId: string;
                                fromSeq: number;
                                toSeq: number;
                                /** @enum {string} */
                                status: "running" | "succeeded" | "degraded" | "failed" | "cancelled";
                                forced: boolean;
                                /** @enum {string} */
                                trigger: "threshold" | "forced" | "overflow" | "manual" | "replay";
                            } | null;
                            breaker: {
                                /** @enum {string} */
                                state: "closed" | "open";
                                halfOpen: boolean;
                                consecutiveFailures: number;
                                lastError: string | null;
                            };
                            compactions: {
                                total: number;
                                failed: number;
                                degraded: number;
                            };
                            calibration: {
                                seq: number;
                                providerTokens: number;
                                /** @enum {string} */
                                mode: "exact" | "carried";
                            } | null;
                            workflowId: string;
                            transcript: {
                                messages: number;
                                tokens: number;
                            };
                            userId: string | null;
                            agentId: string | null;
                            memory: {
                                extractions: {
                                    total: number;
                                    failed: number;
                                };
                                lastExtractionId: string | null;
                            };
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Erase a session
         * @description Erases the session's messages, summaries, memories drawn from it and its workflow histories; answers the erasure receipt (docs/security.md).
         *
         *     Operator keys only.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sessionId?: string;
                            userId?: string;
                            erased: {
                                sessions: number;
                                messages: number;
                                turns: number;
                                overrides: number;
                                compactions: number;
                                summaries: number;
                                chunks: number;
                                todos: number;
                                breakerEvents: number;
                                extractions: number;
                                memories: number;
                                memoryEvents: number;
                                episodes: number;
                                vectors: number;
                                amendments: number;
                            };
                            workflowRuns: number;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/overflow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a context overflow
         * @description The model refused the context as too long: molt runs the recovery tree (compact → truncate → reset → give up) and answers what the agent should do next (`retry`, `reset`, `give_up`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "attemptId": "attempt-0007-1",
                     *       "error": {
                     *         "message": "prompt is too long: 212044 tokens > 200000 maximum",
                     *         "status": 400
                     *       },
                     *       "autoCompacted": false
                     *     }
                     */
                    "application/json": {
                        attemptId: string;
                        error: string | {
                            message: string;
                            status?: number;
                        };
                        autoCompacted?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            action: "retry" | "reset" | "give_up" | "not_overflow";
                            step: string;
                            message?: string;
                            attempts: {
                                compaction: number;
                                truncated: number;
                                reset: number;
                            };
                            compactionId?: string;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state (`code` says how) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description A dependency (PostgreSQL or Temporal) is unavailable: retry after `Retry-After` seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/compact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compact now
         * @description A manual compaction (`/compact`), optionally with instructions; `keepRecentTokens: 0` compacts everything (`/new`). Answers once the compacted view is stored.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "instructions": "Keep the failing test names and the files touched."
                     *     }
                     */
                    "application/json": {
                        instructions?: string;
                        keepRecentTokens?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            sessionId: string;
                            /** @enum {string} */
                            trigger: "threshold" | "forced" | "overflow" | "manual" | "replay";
                            /** @enum {string} */
                            status: "running" | "succeeded" | "degraded" | "failed" | "cancelled";
                            fromSeq: number;
                            toSeq: number;
                            tokensBefore: number | null;
                            tokensAfter: number | null;
                            error: string | null;
                            /** @enum {string|null} */
                            verdict: "compacted" | "degraded" | "offline" | "no_progress" | "failed" | "cancelled" | null;
                            cause: string | null;
                            replayOf: string | null;
                            workflowId: string;
                            runId: string | null;
                            startedAt: string;
                            finishedAt: string | null;
                            summary: string | null;
                            summaryTokens: number | null;
                            workingMemory: {
                                /** @enum {number} */
                                version: 1;
                                compactions: number;
                                throughSeq: number;
                                task: string;
                                filesModified: string[];
                                filesRead: string[];
                                todosOpen: string[];
                                todosDone: string[];
                                decisions: string[];
                                failures: {
                                    tool: string;
                                    meta?: string;
                                    summary: string;
                                    count: number;
                                }[];
                                identifiers: {
                                    value: string;
                                    /** @enum {string} */
                                    from: "user" | "tool";
                                }[];
                                state: string;
                                narrative: string;
                                archived: {
                                    filesModified: {
                                        items: string[];
                                        count: number;
                                    };
                                    todosOpen: {
                                        items: string[];
                                        count: number;
                                    };
                                    identifiers: {
                                        items: string[];
                                        count: number;
                                    };
                                };
                                dropped: {
                                    filesRead: number;
                                    todosDone: number;
                                    decisions: number;
                                    failures: number;
                                };
                            } | null;
                            todos: {
                                text: string;
                                status: string;
                            }[];
                            files: {
                                read: string[];
                                modified: string[];
                                referenced: string[];
                            };
                            toolFailures: {
                                toolCallId: string;
                                toolName: string;
                                meta: string | null;
                                summary: string;
                            }[];
                            chunks: {
                                index: number;
                                fromSeq: number;
                                toSeq: number;
                                tokens: number;
                                level: number | null;
                                attempts: number;
                                status: string;
                                error: string | null;
                            }[];
                        } | {
                            /** @enum {string} */
                            status: "started" | "succeeded" | "degraded" | "failed";
                            compactionId: string;
                            error?: string;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state (`code` says how) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description A dependency (PostgreSQL or Temporal) is unavailable: retry after `Retry-After` seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/breaker/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset the circuit breaker
         * @description Closes an open breaker so automatic compactions resume; answers the session's new view.
         *
         *     Operator keys only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sessionId: string;
                            contextWindowTokens: number;
                            liveTokens: number;
                            ratio: number;
                            thresholds: {
                                upload: number;
                                force: number;
                            };
                            keepRecentTokens: number;
                            lastSeq: number;
                            boundarySeq: number;
                            summary: {
                                compactionId: string;
                                tokens: number;
                                toSeq: number;
                            } | null;
                            upload: {
                                compactionId: string;
                                fromSeq: number;
                                toSeq: number;
                                /** @enum {string} */
                                status: "running" | "succeeded" | "degraded" | "failed" | "cancelled";
                                forced: boolean;
                                /** @enum {string} */
                                trigger: "threshold" | "forced" | "overflow" | "manual" | "replay";
                            } | null;
                            breaker: {
                                /** @enum {string} */
                                state: "closed" | "open";
                                halfOpen: boolean;
                                consecutiveFailures: number;
                                lastError: string | null;
                            };
                            compactions: {
                                total: number;
                                failed: number;
                                degraded: number;
                            };
                            calibration: {
                                seq: number;
                                providerTokens: number;
                                /** @enum {string} */
                                mode: "exact" | "carried";
                            } | null;
                            workflowId: string;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state (`code` says how) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description A dependency (PostgreSQL or Temporal) is unavailable: retry after `Retry-After` seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a session's Temporal history
         * @description The session workflow's runs and events, then its compactions' and extractions' runs, summarised.
         *
         *     Operator keys only.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            runs: {
                                workflowId: string;
                                runId: string;
                                status: string;
                                events: {
                                    id: number;
                                    time: string;
                                    type: string;
                                    summary: string;
                                }[];
                                uiUrl: string | null;
                            }[];
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description A dependency (PostgreSQL or Temporal) is unavailable: retry after `Retry-After` seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/context": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Assemble the context
         * @description What the agent sends its model next: the summary in force, the messages after its boundary (pruned, tool pairs repaired, tool results truncated to fit), recalled memories, in the requested `format`. `budget` caps the tokens; `explain` (operators) says why each memory was recalled.
         */
        get: {
            parameters: {
                query?: {
                    format?: "openclaw" | "anthropic" | "openai";
                    budget?: number;
                    recall?: "0" | "1" | "true" | "false";
                    explain?: "0" | "1" | "true" | "false";
                    prompt?: string;
                    memoryTools?: "0" | "1" | "true" | "false";
                };
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            messages: unknown[];
                            estimatedTokens: number;
                            summary: {
                                compactionId: string;
                                text: string;
                            } | null;
                            boundarySeq: number;
                            lastSeq: number;
                            pruned: {
                                softTrimmed: number;
                                hardCleared: number;
                            };
                            truncated: number;
                            repaired: {
                                added: number;
                                droppedDuplicateCount: number;
                                droppedOrphanCount: number;
                                moved: boolean;
                            };
                            systemPromptAddition: string | null;
                            recall: {
                                query: string | null;
                                memoryIds: string[];
                                /** @enum {string} */
                                skipped?: "disabled" | "no_user_message" | "greeting" | "short" | "no_terms";
                                retrieval?: {
                                    /** @enum {string} */
                                    mode: "hybrid" | "lexical";
                                    /** @enum {string} */
                                    reason?: "embeddings_off" | "embedding_timeout" | "embedding_failed";
                                };
                                skills: string[];
                                explain?: {
                                    id: string;
                                    type: string;
                                    /** @enum {string} */
                                    kind: "episode" | "memory";
                                    content: string;
                                    score: number;
                                    trigram: number;
                                    cosine: number | null;
                                    matchedTerms: string[];
                                    injected: boolean;
                                }[];
                            };
                            restored: {
                                files: {
                                    path: string;
                                    seq: number;
                                    /** @enum {string} */
                                    operation: "read" | "edit" | "write";
                                    tokens: number;
                                    chars: number;
                                    shownChars: number;
                                }[];
                                tokens: number;
                                skippedLive: string[];
                            };
                            warnings: {
                                /** @enum {string} */
                                code: "context_window_defaulted" | "message_exceeds_window" | "breaker_open" | "context_near_window" | "context_over_window";
                                message: string;
                                contextWindowTokens: number;
                                messageIndex?: number;
                                tokens?: number;
                                reason?: string | null;
                            }[];
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/compactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List compactions
         * @description Compaction attempts, newest first; filter by `status` or `sessionId`. Paginated.
         *
         *     Operator keys only.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    status?: "running" | "succeeded" | "degraded" | "failed" | "cancelled";
                    sessionId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                sessionId: string;
                                /** @enum {string} */
                                trigger: "threshold" | "forced" | "overflow" | "manual" | "replay";
                                /** @enum {string} */
                                status: "running" | "succeeded" | "degraded" | "failed" | "cancelled";
                                fromSeq: number;
                                toSeq: number;
                                tokensBefore: number | null;
                                tokensAfter: number | null;
                                error: string | null;
                                /** @enum {string|null} */
                                verdict: "compacted" | "degraded" | "offline" | "no_progress" | "failed" | "cancelled" | null;
                                cause: string | null;
                                replayOf: string | null;
                                workflowId: string;
                                runId: string | null;
                                startedAt: string;
                                finishedAt: string | null;
                            }[];
                            nextCursor: string | null;
                            total: number;
                            totalCapped: boolean;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/compactions/{compactionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a compaction
         * @description One attempt in full: trigger, range, tokens before and after, chunks with their fallback levels, errors, and the summary it produced.
         *
         *     Operator keys only.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    compactionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            sessionId: string;
                            /** @enum {string} */
                            trigger: "threshold" | "forced" | "overflow" | "manual" | "replay";
                            /** @enum {string} */
                            status: "running" | "succeeded" | "degraded" | "failed" | "cancelled";
                            fromSeq: number;
                            toSeq: number;
                            tokensBefore: number | null;
                            tokensAfter: number | null;
                            error: string | null;
                            /** @enum {string|null} */
                            verdict: "compacted" | "degraded" | "offline" | "no_progress" | "failed" | "cancelled" | null;
                            cause: string | null;
                            replayOf: string | null;
                            workflowId: string;
                            runId: string | null;
                            startedAt: string;
                            finishedAt: string | null;
                            summary: string | null;
                            summaryTokens: number | null;
                            workingMemory: {
                                /** @enum {number} */
                                version: 1;
                                compactions: number;
                                throughSeq: number;
                                task: string;
                                filesModified: string[];
                                filesRead: string[];
                                todosOpen: string[];
                                todosDone: string[];
                                decisions: string[];
                                failures: {
                                    tool: string;
                                    meta?: string;
                                    summary: string;
                                    count: number;
                                }[];
                                identifiers: {
                                    value: string;
                                    /** @enum {string} */
                                    from: "user" | "tool";
                                }[];
                                state: string;
                                narrative: string;
                                archived: {
                                    filesModified: {
                                        items: string[];
                                        count: number;
                                    };
                                    todosOpen: {
                                        items: string[];
                                        count: number;
                                    };
                                    identifiers: {
                                        items: string[];
                                        count: number;
                                    };
                                };
                                dropped: {
                                    filesRead: number;
                                    todosDone: number;
                                    decisions: number;
                                    failures: number;
                                };
                            } | null;
                            todos: {
                                text: string;
                                status: string;
                            }[];
                            files: {
                                read: string[];
                                modified: string[];
                                referenced: string[];
                            };
                            toolFailures: {
                                toolCallId: string;
                                toolName: string;
                                meta: string | null;
                                summary: string;
                            }[];
                            chunks: {
                                index: number;
                                fromSeq: number;
                                toSeq: number;
                                tokens: number;
                                level: number | null;
                                attempts: number;
                                status: string;
                                error: string | null;
                            }[];
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/working-memory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the summary in force
         * @description The working memory molt maintains across compactions: task, state, files, TODOs, decisions, tool failures, identifiers and narrative, with its token budget.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sessionId: string;
                            compactionId: string | null;
                            text: string | null;
                            tokens: number | null;
                            budgetTokens: number;
                            workingMemory: {
                                /** @enum {number} */
                                version: 1;
                                compactions: number;
                                throughSeq: number;
                                task: string;
                                filesModified: string[];
                                filesRead: string[];
                                todosOpen: string[];
                                todosDone: string[];
                                decisions: string[];
                                failures: {
                                    tool: string;
                                    meta?: string;
                                    summary: string;
                                    count: number;
                                }[];
                                identifiers: {
                                    value: string;
                                    /** @enum {string} */
                                    from: "user" | "tool";
                                }[];
                                state: string;
                                narrative: string;
                                archived: {
                                    filesModified: {
                                        items: string[];
                                        count: number;
                                    };
                                    todosOpen: {
                                        items: string[];
                                        count: number;
                                    };
                                    identifiers: {
                                        items: string[];
                                        count: number;
                                    };
                                };
                                dropped: {
                                    filesRead: number;
                                    todosDone: number;
                                    decisions: number;
                                    failures: number;
                                };
                            } | null;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/compactions/{compactionId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a compaction
         * @description Runs a failed or degraded compaction again (409 when it has nothing to replay); answers the new attempt.
         *
         *     Operator keys only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    compactionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            compaction: {
                                id: string;
                                sessionId: string;
                                /** @enum {string} */
                                trigger: "threshold" | "forced" | "overflow" | "manual" | "replay";
                                /** @enum {string} */
                                status: "running" | "succeeded" | "degraded" | "failed" | "cancelled";
                                fromSeq: number;
                                toSeq: number;
                                tokensBefore: number | null;
                                tokensAfter: number | null;
                                error: string | null;
                                /** @enum {string|null} */
                                verdict: "compacted" | "degraded" | "offline" | "no_progress" | "failed" | "cancelled" | null;
                                cause: string | null;
                                replayOf: string | null;
                                workflowId: string;
                                runId: string | null;
                                startedAt: string;
                                finishedAt: string | null;
                                summary: string | null;
                                summaryTokens: number | null;
                                workingMemory: {
                                    /** @enum {number} */
                                    version: 1;
                                    compactions: number;
                                    throughSeq: number;
                                    task: string;
                                    filesModified: string[];
                                    filesRead: string[];
                                    todosOpen: string[];
                                    todosDone: string[];
                                    decisions: string[];
                                    failures: {
                                        tool: string;
                                        meta?: string;
                                        summary: string;
                                        count: number;
                                    }[];
                                    identifiers: {
                                        value: string;
                                        /** @enum {string} */
                                        from: "user" | "tool";
                                    }[];
                                    state: string;
                                    narrative: string;
                                    archived: {
                                        filesModified: {
                                            items: string[];
                                            count: number;
                                        };
                                        todosOpen: {
                                            items: string[];
                                            count: number;
                                        };
                                        identifiers: {
                                            items: string[];
                                            count: number;
                                        };
                                    };
                                    dropped: {
                                        filesRead: number;
                                        todosDone: number;
                                        decisions: number;
                                        failures: number;
                                    };
                                } | null;
                                todos: {
                                    text: string;
                                    status: string;
                                }[];
                                files: {
                                    read: string[];
                                    modified: string[];
                                    referenced: string[];
                                };
                                toolFailures: {
                                    toolCallId: string;
                                    toolName: string;
                                    meta: string | null;
                                    summary: string;
                                }[];
                                chunks: {
                                    index: number;
                                    fromSeq: number;
                                    toSeq: number;
                                    tokens: number;
                                    level: number | null;
                                    attempts: number;
                                    status: string;
                                    error: string | null;
                                }[];
                            } | {
                                id: string;
                                sessionId: string;
                                /** @enum {string} */
                                trigger: "replay";
                                /** @enum {string} */
                                status: "running";
                                replayOf: string;
                            };
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state (`code` says how) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description A dependency (PostgreSQL or Temporal) is unavailable: retry after `Retry-After` seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List memories
         * @description Memories in scope, filtered by text, type, user, agent or status. Paginated.
         */
        get: {
            parameters: {
                query?: {
                    query?: string;
                    /** @description Only this type; `episode` lists episodes (left out of every other listing) */
                    type?: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill" | "episode";
                    userId?: string;
                    agentId?: string;
                    readerAgentId?: string;
                    status?: "active" | "superseded" | "deleted";
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                userId: string | null;
                                agentId: string | null;
                                /**
                                 * @description A memory type, or `episode`: what one turn said, verbatim
                                 * @enum {string}
                                 */
                                type: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill" | "episode";
                                category: string | null;
                                key: string | null;
                                content: string;
                                abstract: string;
                                priority: number;
                                source: {
                                    sessionId: string;
                                    fromSeq: number;
                                    toSeq: number;
                                    quote: string;
                                    /** @description The quoted message's role: `user` means said by the user */
                                    role?: string;
                                    /** @description An episode's sentence group of a long message (0-based; absent: the whole message) */
                                    part?: number;
                                    /** @description The quoted message's speaker name, in a conversation between people */
                                    speaker?: string;
                                } | {
                                    /** @enum {string} */
                                    kind: "commit_memory" | "operator";
                                    sessionId?: string;
                                };
                                validFrom: string | null;
                                validTo: string | null;
                                recordedAt: string;
                                supersededAt: string | null;
                                supersededBy: string | null;
                                extractionId: string | null;
                                /** @enum {string} */
                                status: "active" | "superseded" | "deleted";
                                /** @description Who said it (episodes): the message's `name` when it has one, else its role or tool */
                                speaker: string | null;
                                /** @description When it was said: the message's timestamp, else when molt stored it (null: unknown) */
                                occurredAt: string | null;
                                /** @description The dates its text names, resolved against `occurredAt` (days, inclusive, YYYY-MM-DD) */
                                dates: {
                                    text: string;
                                    from: string;
                                    to: string;
                                }[] | null;
                                score?: number;
                            }[];
                            nextCursor: string | null;
                            total: number;
                            totalCapped: boolean;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Commit a memory
         * @description commit_memory: stores a durable fact in the user's or agent's scope, deduplicated and superseding an older one of the same key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "content": "Prefers pnpm over npm in every project.",
                     *       "type": "preference",
                     *       "userId": "user-42",
                     *       "key": "package-manager"
                     *     }
                     */
                    "application/json": {
                        content: string;
                        /**
                         * @default profile
                         * @enum {string}
                         */
                        type?: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill";
                        category?: string;
                        /** @default 3 */
                        priority?: number;
                        abstract?: string;
                        userId?: string;
                        agentId?: string;
                        sessionId?: string;
                        key?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            memory: {
                                id: string;
                                userId: string | null;
                                agentId: string | null;
                                /**
                                 * @description A memory type, or `episode`: what one turn said, verbatim
                                 * @enum {string}
                                 */
                                type: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill" | "episode";
                                category: string | null;
                                key: string | null;
                                content: string;
                                abstract: string;
                                priority: number;
                                source: {
                                    sessionId: string;
                                    fromSeq: number;
                                    toSeq: number;
                                    quote: string;
                                    /** @description The quoted message's role: `user` means said by the user */
                                    role?: string;
                                    /** @description An episode's sentence group of a long message (0-based; absent: the whole message) */
                                    part?: number;
                                    /** @description The quoted message's speaker name, in a conversation between people */
                                    speaker?: string;
                                } | {
                                    /** @enum {string} */
                                    kind: "commit_memory" | "operator";
                                    sessionId?: string;
                                };
                                validFrom: string | null;
                                validTo: string | null;
                                recordedAt: string;
                                supersededAt: string | null;
                                supersededBy: string | null;
                                extractionId: string | null;
                                /** @enum {string} */
                                status: "active" | "superseded" | "deleted";
                                /** @description Who said it (episodes): the message's `name` when it has one, else its role or tool */
                                speaker: string | null;
                                /** @description When it was said: the message's timestamp, else when molt stored it (null: unknown) */
                                occurredAt: string | null;
                                /** @description The dates its text names, resolved against `occurredAt` (days, inclusive, YYYY-MM-DD) */
                                dates: {
                                    text: string;
                                    from: string;
                                    to: string;
                                }[] | null;
                                score?: number;
                            };
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            memory: {
                                id: string;
                                userId: string | null;
                                agentId: string | null;
                                /**
                                 * @description A memory type, or `episode`: what one turn said, verbatim
                                 * @enum {string}
                                 */
                                type: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill" | "episode";
                                category: string | null;
                                key: string | null;
                                content: string;
                                abstract: string;
                                priority: number;
                                source: {
                                    sessionId: string;
                                    fromSeq: number;
                                    toSeq: number;
                                    quote: string;
                                    /** @description The quoted message's role: `user` means said by the user */
                                    role?: string;
                                    /** @description An episode's sentence group of a long message (0-based; absent: the whole message) */
                                    part?: number;
                                    /** @description The quoted message's speaker name, in a conversation between people */
                                    speaker?: string;
                                } | {
                                    /** @enum {string} */
                                    kind: "commit_memory" | "operator";
                                    sessionId?: string;
                                };
                                validFrom: string | null;
                                validTo: string | null;
                                recordedAt: string;
                                supersededAt: string | null;
                                supersededBy: string | null;
                                extractionId: string | null;
                                /** @enum {string} */
                                status: "active" | "superseded" | "deleted";
                                /** @description Who said it (episodes): the message's `name` when it has one, else its role or tool */
                                speaker: string | null;
                                /** @description When it was said: the message's timestamp, else when molt stored it (null: unknown) */
                                occurredAt: string | null;
                                /** @description The dates its text names, resolved against `occurredAt` (days, inclusive, YYYY-MM-DD) */
                                dates: {
                                    text: string;
                                    from: string;
                                    to: string;
                                }[] | null;
                                score?: number;
                            };
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        /**
         * Erase a user's memories
         * @description Forgets every memory of `userId` and answers the erasure receipt.
         *
         *     Operator keys only.
         */
        delete: {
            parameters: {
                query: {
                    userId: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            userId: string;
                            memories: number;
                            events: number;
                            extractions: number;
                            /** @description Episodes (turns indexed as memory) erased */
                            episodes: number;
                            /** @description Embedding vectors erased (of memories and episodes) */
                            vectors: number;
                            /** @description Amendment links erased (an episode that amends an earlier one: docs/recall-and-updates.md#newest-wins) */
                            amendments: number;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search memories
         * @description search_memories: the memories the automatic recall would find for `query`, in a session's recall scope or a user/agent scope.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "query": "which package manager does the user like",
                     *       "sessionId": "my-session"
                     *     }
                     */
                    "application/json": {
                        query: string;
                        limit?: number;
                        max_results?: number;
                        sessionId?: string;
                        userId?: string;
                        agentId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                userId: string | null;
                                agentId: string | null;
                                /**
                                 * @description A memory type, or `episode`: what one turn said, verbatim
                                 * @enum {string}
                                 */
                                type: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill" | "episode";
                                category: string | null;
                                key: string | null;
                                content: string;
                                abstract: string;
                                priority: number;
                                source: {
                                    sessionId: string;
                                    fromSeq: number;
                                    toSeq: number;
                                    quote: string;
                                    /** @description The quoted message's role: `user` means said by the user */
                                    role?: string;
                                    /** @description An episode's sentence group of a long message (0-based; absent: the whole message) */
                                    part?: number;
                                    /** @description The quoted message's speaker name, in a conversation between people */
                                    speaker?: string;
                                } | {
                                    /** @enum {string} */
                                    kind: "commit_memory" | "operator";
                                    sessionId?: string;
                                };
                                validFrom: string | null;
                                validTo: string | null;
                                recordedAt: string;
                                supersededAt: string | null;
                                supersededBy: string | null;
                                extractionId: string | null;
                                /** @enum {string} */
                                status: "active" | "superseded" | "deleted";
                                /** @description Who said it (episodes): the message's `name` when it has one, else its role or tool */
                                speaker: string | null;
                                /** @description When it was said: the message's timestamp, else when molt stored it (null: unknown) */
                                occurredAt: string | null;
                                /** @description The dates its text names, resolved against `occurredAt` (days, inclusive, YYYY-MM-DD) */
                                dates: {
                                    text: string;
                                    from: string;
                                    to: string;
                                }[] | null;
                                score?: number;
                                /**
                                 * @description `episode`: a turn, verbatim; `memory`: extracted or committed
                                 * @enum {string}
                                 */
                                kind: "episode" | "memory";
                                /** @description The episodes this memory was extracted from, folded into it (one hit, not two) */
                                episodeIds: string[];
                                /** @description A later episode that says it amends this one (placed directly above it: docs/recall-and-updates.md#newest-wins) */
                                amendedBy?: string;
                            }[];
                            nextCursor: string | null;
                            retrieval?: {
                                /** @enum {string} */
                                mode: "hybrid" | "lexical";
                                /** @enum {string} */
                                reason?: "embeddings_off" | "embedding_timeout" | "embedding_failed";
                            };
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{memoryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a memory
         * @description One memory with its provenance (the quote and its turn) and supersession history.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    memoryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            userId: string | null;
                            agentId: string | null;
                            /**
                             * @description A memory type, or `episode`: what one turn said, verbatim
                             * @enum {string}
                             */
                            type: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill" | "episode";
                            category: string | null;
                            key: string | null;
                            content: string;
                            abstract: string;
                            priority: number;
                            source: {
                                sessionId: string;
                                fromSeq: number;
                                toSeq: number;
                                quote: string;
                                /** @description The quoted message's role: `user` means said by the user */
                                role?: string;
                                /** @description An episode's sentence group of a long message (0-based; absent: the whole message) */
                                part?: number;
                                /** @description The quoted message's speaker name, in a conversation between people */
                                speaker?: string;
                            } | {
                                /** @enum {string} */
                                kind: "commit_memory" | "operator";
                                sessionId?: string;
                            };
                            validFrom: string | null;
                            validTo: string | null;
                            recordedAt: string;
                            supersededAt: string | null;
                            supersededBy: string | null;
                            extractionId: string | null;
                            /** @enum {string} */
                            status: "active" | "superseded" | "deleted";
                            /** @description Who said it (episodes): the message's `name` when it has one, else its role or tool */
                            speaker: string | null;
                            /** @description When it was said: the message's timestamp, else when molt stored it (null: unknown) */
                            occurredAt: string | null;
                            /** @description The dates its text names, resolved against `occurredAt` (days, inclusive, YYYY-MM-DD) */
                            dates: {
                                text: string;
                                from: string;
                                to: string;
                            }[] | null;
                            score?: number;
                            events: {
                                id: string;
                                /** @enum {string} */
                                kind: "add" | "supersede" | "delete" | "duplicate" | "noop";
                                extractionId: string | null;
                                before: unknown;
                                after: unknown;
                                reason: string | null;
                                createdAt: string;
                            }[];
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Forget a memory
         * @description Deletes one memory; it is never recalled again.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    memoryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            memory: {
                                id: string;
                                userId: string | null;
                                agentId: string | null;
                                /**
                                 * @description A memory type, or `episode`: what one turn said, verbatim
                                 * @enum {string}
                                 */
                                type: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill" | "episode";
                                category: string | null;
                                key: string | null;
                                content: string;
                                abstract: string;
                                priority: number;
                                source: {
                                    sessionId: string;
                                    fromSeq: number;
                                    toSeq: number;
                                    quote: string;
                                    /** @description The quoted message's role: `user` means said by the user */
                                    role?: string;
                                    /** @description An episode's sentence group of a long message (0-based; absent: the whole message) */
                                    part?: number;
                                    /** @description The quoted message's speaker name, in a conversation between people */
                                    speaker?: string;
                                } | {
                                    /** @enum {string} */
                                    kind: "commit_memory" | "operator";
                                    sessionId?: string;
                                };
                                validFrom: string | null;
                                validTo: string | null;
                                recordedAt: string;
                                supersededAt: string | null;
                                supersededBy: string | null;
                                extractionId: string | null;
                                /** @enum {string} */
                                status: "active" | "superseded" | "deleted";
                                /** @description Who said it (episodes): the message's `name` when it has one, else its role or tool */
                                speaker: string | null;
                                /** @description When it was said: the message's timestamp, else when molt stored it (null: unknown) */
                                occurredAt: string | null;
                                /** @description The dates its text names, resolved against `occurredAt` (days, inclusive, YYYY-MM-DD) */
                                dates: {
                                    text: string;
                                    from: string;
                                    to: string;
                                }[] | null;
                                score?: number;
                            };
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Edit a memory
         * @description The new text becomes a new memory in the same scope that supersedes this one (its `previous`), recorded as a `supersede` event "edited by an operator". Only an active memory can be edited.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    memoryId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        content: string;
                        /** @enum {string} */
                        type?: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill";
                        priority?: number;
                        abstract?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            memory: {
                                id: string;
                                userId: string | null;
                                agentId: string | null;
                                /**
                                 * @description A memory type, or `episode`: what one turn said, verbatim
                                 * @enum {string}
                                 */
                                type: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill" | "episode";
                                category: string | null;
                                key: string | null;
                                content: string;
                                abstract: string;
                                priority: number;
                                source: {
                                    sessionId: string;
                                    fromSeq: number;
                                    toSeq: number;
                                    quote: string;
                                    /** @description The quoted message's role: `user` means said by the user */
                                    role?: string;
                                    /** @description An episode's sentence group of a long message (0-based; absent: the whole message) */
                                    part?: number;
                                    /** @description The quoted message's speaker name, in a conversation between people */
                                    speaker?: string;
                                } | {
                                    /** @enum {string} */
                                    kind: "commit_memory" | "operator";
                                    sessionId?: string;
                                };
                                validFrom: string | null;
                                validTo: string | null;
                                recordedAt: string;
                                supersededAt: string | null;
                                supersededBy: string | null;
                                extractionId: string | null;
                                /** @enum {string} */
                                status: "active" | "superseded" | "deleted";
                                /** @description Who said it (episodes): the message's `name` when it has one, else its role or tool */
                                speaker: string | null;
                                /** @description When it was said: the message's timestamp, else when molt stored it (null: unknown) */
                                occurredAt: string | null;
                                /** @description The dates its text names, resolved against `occurredAt` (days, inclusive, YYYY-MM-DD) */
                                dates: {
                                    text: string;
                                    from: string;
                                    to: string;
                                }[] | null;
                                score?: number;
                            };
                            previous: {
                                id: string;
                                userId: string | null;
                                agentId: string | null;
                                /**
                                 * @description A memory type, or `episode`: what one turn said, verbatim
                                 * @enum {string}
                                 */
                                type: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill" | "episode";
                                category: string | null;
                                key: string | null;
                                content: string;
                                abstract: string;
                                priority: number;
                                source: {
                                    sessionId: string;
                                    fromSeq: number;
                                    toSeq: number;
                                    quote: string;
                                    /** @description The quoted message's role: `user` means said by the user */
                                    role?: string;
                                    /** @description An episode's sentence group of a long message (0-based; absent: the whole message) */
                                    part?: number;
                                    /** @description The quoted message's speaker name, in a conversation between people */
                                    speaker?: string;
                                } | {
                                    /** @enum {string} */
                                    kind: "commit_memory" | "operator";
                                    sessionId?: string;
                                };
                                validFrom: string | null;
                                validTo: string | null;
                                recordedAt: string;
                                supersededAt: string | null;
                                supersededBy: string | null;
                                extractionId: string | null;
                                /** @enum {string} */
                                status: "active" | "superseded" | "deleted";
                                /** @description Who said it (episodes): the message's `name` when it has one, else its role or tool */
                                speaker: string | null;
                                /** @description When it was said: the message's timestamp, else when molt stored it (null: unknown) */
                                occurredAt: string | null;
                                /** @description The dates its text names, resolved against `occurredAt` (days, inclusive, YYYY-MM-DD) */
                                dates: {
                                    text: string;
                                    from: string;
                                    to: string;
                                }[] | null;
                                score?: number;
                            };
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state (`code` says how) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description A dependency (PostgreSQL or Temporal) is unavailable: retry after `Retry-After` seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agent's memory tools
         * @description commit_memory and search_memories as tool definitions an agent registers with its model.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tools: {
                                name: string;
                                description: string;
                                parameters: {
                                    [key: string]: unknown;
                                };
                            }[];
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/expand": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read the turns behind a hit
         * @description read_history: the turns around a search hit (`id`), behind a compaction summary (`compactionId`) or at a place in a session (`at`), verbatim and bounded, in the caller's scope; raw history stays reachable after compaction. Page a compaction's range with `afterSeq`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A search hit: an episode or a memory */
                        id?: string;
                        /** @description A compaction: its summary's range */
                        compactionId?: string;
                        /** @description A place in a session */
                        at?: {
                            sessionId: string;
                            seq: number;
                        };
                        /** @description Turns before (default 3) */
                        before?: number;
                        /** @description Turns after (default 3) */
                        after?: number;
                        /** @description Page through a compaction's range: messages after this seq */
                        afterSeq?: number;
                        sessionId?: string;
                        userId?: string;
                        agentId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sessionId: string;
                            fromSeq: number;
                            toSeq: number;
                            messages: {
                                seq: number;
                                role: string;
                                speaker: string;
                                occurredAt: string;
                                message: unknown;
                                clipped: boolean;
                            }[];
                            nextAfterSeq: number | null;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memory-extractions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List memory extractions
         * @description Extraction runs, newest first, with their counts; filter by session or status. Paginated.
         */
        get: {
            parameters: {
                query?: {
                    sessionId?: string;
                    status?: "running" | "succeeded" | "failed";
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                sessionId: string;
                                userId: string | null;
                                agentId: string | null;
                                fromSeq: number;
                                toSeq: number;
                                /** @enum {string} */
                                trigger: "upload" | "new" | "idle" | "replay";
                                /** @enum {string} */
                                status: "running" | "succeeded" | "failed";
                                extractor: string;
                                counts: {
                                    candidates: number;
                                    added: number;
                                    superseded: number;
                                    duplicates: number;
                                    noops?: number;
                                    rejected: number;
                                    rejectedReasons: {
                                        [key: string]: number;
                                    };
                                    /** @description Each rejected candidate (the first 100): its place in the extractor's answer, its type and why (quote_not_found, quote_wrong_role, quote_forwarded, quote_lacks_content, question_not_found, invalid, no_scope) */
                                    rejections?: {
                                        index: number;
                                        type: string | null;
                                        reason: string;
                                    }[];
                                } | null;
                                tokens: {
                                    input: number;
                                    output: number;
                                } | null;
                                error: string | null;
                                /** @enum {string|null} */
                                verdict: "extracted" | "no_change" | "no_candidate" | "failed" | null;
                                cause: string | null;
                                replayOf: string | null;
                                workflowId: string;
                                startedAt: string;
                                finishedAt: string | null;
                            }[];
                            nextCursor: string | null;
                            total: number;
                            totalCapped: boolean;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memory-extractions/{extractionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a memory extraction
         * @description One extraction: its range, extractor, what it added, updated, superseded and rejected (the diff).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    extractionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            sessionId: string;
                            userId: string | null;
                            agentId: string | null;
                            fromSeq: number;
                            toSeq: number;
                            /** @enum {string} */
                            trigger: "upload" | "new" | "idle" | "replay";
                            /** @enum {string} */
                            status: "running" | "succeeded" | "failed";
                            extractor: string;
                            counts: {
                                candidates: number;
                                added: number;
                                superseded: number;
                                duplicates: number;
                                noops?: number;
                                rejected: number;
                                rejectedReasons: {
                                    [key: string]: number;
                                };
                                /** @description Each rejected candidate (the first 100): its place in the extractor's answer, its type and why (quote_not_found, quote_wrong_role, quote_forwarded, quote_lacks_content, question_not_found, invalid, no_scope) */
                                rejections?: {
                                    index: number;
                                    type: string | null;
                                    reason: string;
                                }[];
                            } | null;
                            tokens: {
                                input: number;
                                output: number;
                            } | null;
                            error: string | null;
                            /** @enum {string|null} */
                            verdict: "extracted" | "no_change" | "no_candidate" | "failed" | null;
                            cause: string | null;
                            replayOf: string | null;
                            workflowId: string;
                            startedAt: string;
                            finishedAt: string | null;
                            diff: {
                                id: string;
                                /** @enum {string} */
                                kind: "add" | "supersede" | "delete" | "duplicate" | "noop";
                                memoryId: string;
                                before: unknown;
                                after: unknown;
                                reason: string | null;
                            }[];
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memory-extractions/{extractionId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a memory extraction
         * @description Runs an extraction again over the same range; idempotent on what it already stored.
         *
         *     Operator keys only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    extractionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            extraction: {
                                id: string;
                                sessionId: string;
                                userId: string | null;
                                agentId: string | null;
                                fromSeq: number;
                                toSeq: number;
                                /** @enum {string} */
                                trigger: "upload" | "new" | "idle" | "replay";
                                /** @enum {string} */
                                status: "running" | "succeeded" | "failed";
                                extractor: string;
                                counts: {
                                    candidates: number;
                                    added: number;
                                    superseded: number;
                                    duplicates: number;
                                    noops?: number;
                                    rejected: number;
                                    rejectedReasons: {
                                        [key: string]: number;
                                    };
                                    /** @description Each rejected candidate (the first 100): its place in the extractor's answer, its type and why (quote_not_found, quote_wrong_role, quote_forwarded, quote_lacks_content, question_not_found, invalid, no_scope) */
                                    rejections?: {
                                        index: number;
                                        type: string | null;
                                        reason: string;
                                    }[];
                                } | null;
                                tokens: {
                                    input: number;
                                    output: number;
                                } | null;
                                error: string | null;
                                /** @enum {string|null} */
                                verdict: "extracted" | "no_change" | "no_candidate" | "failed" | null;
                                cause: string | null;
                                replayOf: string | null;
                                workflowId: string;
                                startedAt: string;
                                finishedAt: string | null;
                            };
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state (`code` says how) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description A dependency (PostgreSQL or Temporal) is unavailable: retry after `Retry-After` seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/cli-prompt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agent's CLI prompt
         * @description The `molt` commands an agent may run (remember, search, ls, history) for its system prompt.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            prompt: string;
                            commands: {
                                name: string;
                                usage: string;
                                summary: string;
                            }[];
                            env: string[];
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memory-embeddings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Embedding status
         * @description Whether hybrid recall is on, the embedding model, and how many memories await their vector.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            provider: "off" | "on";
                            model: string | null;
                            current: number;
                            embedded: number;
                            pending: number;
                            failed: number;
                            lastError: {
                                error: string | null;
                                at: string;
                            } | null;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Erase a user
         * @description Erases the user's sessions and memories across the tenant; answers the erasure receipt.
         *
         *     Operator keys only.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sessionId?: string;
                            userId?: string;
                            erased: {
                                sessions: number;
                                messages: number;
                                turns: number;
                                overrides: number;
                                compactions: number;
                                summaries: number;
                                chunks: number;
                                todos: number;
                                breakerEvents: number;
                                extractions: number;
                                memories: number;
                                memoryEvents: number;
                                episodes: number;
                                vectors: number;
                                amendments: number;
                            };
                            workflowRuns: number;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A session's timeline
         * @description Turns, compactions (trigger, range, tokens before → after, chunk fallback levels), memory extractions, circuit-breaker transitions and tool results cut by overflow recovery, oldest first. Each kind contributes at most `limit` of its newest entries; `totals` counts each kind's entries in all (up to a cap, `totalCapped`).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                };
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sessionId: string;
                            items: ({
                                /** @enum {string} */
                                kind: "turn";
                                /** @description When it happened (a compaction or extraction: when it started), ISO 8601 */
                                at: string;
                                turnId: string;
                                fromSeq: number;
                                toSeq: number;
                                tokens: number;
                            } | {
                                /** @enum {string} */
                                trigger: "threshold" | "forced" | "overflow" | "manual" | "replay";
                                /** @enum {string} */
                                status: "running" | "succeeded" | "degraded" | "failed" | "cancelled";
                                fromSeq: number;
                                toSeq: number;
                                tokensBefore: number | null;
                                tokensAfter: number | null;
                                error: string | null;
                                /** @enum {string|null} */
                                verdict: "compacted" | "degraded" | "offline" | "no_progress" | "failed" | "cancelled" | null;
                                cause: string | null;
                                replayOf: string | null;
                                finishedAt: string | null;
                                /** @enum {string} */
                                kind: "compaction";
                                /** @description When it happened (a compaction or extraction: when it started), ISO 8601 */
                                at: string;
                                compactionId: string;
                                chunkLevels: (number | null)[];
                                replayable: boolean;
                            } | {
                                /** @enum {string} */
                                kind: "extraction";
                                /** @description When it happened (a compaction or extraction: when it started), ISO 8601 */
                                at: string;
                                extractionId: string;
                                /** @enum {string} */
                                status: "running" | "succeeded" | "failed";
                                fromSeq: number;
                                toSeq: number;
                                added: number | null;
                                superseded: number | null;
                                error: string | null;
                                /** @enum {string|null} */
                                verdict: "extracted" | "no_change" | "no_candidate" | "failed" | null;
                                cause: string | null;
                            } | {
                                /** @enum {string} */
                                kind: "breaker";
                                /** @description When it happened (a compaction or extraction: when it started), ISO 8601 */
                                at: string;
                                state: string;
                                reason: string | null;
                                consecutiveFailures: number;
                                compactionId: string | null;
                            } | {
                                /** @enum {string} */
                                kind: "truncation";
                                /** @description When it happened (a compaction or extraction: when it started), ISO 8601 */
                                at: string;
                                seq: number;
                                tokens: number;
                                reason: string;
                            })[];
                            truncated: boolean;
                            totals: {
                                turns: {
                                    total: number;
                                    totalCapped: boolean;
                                };
                                compactions: {
                                    total: number;
                                    totalCapped: boolean;
                                };
                                extractions: {
                                    total: number;
                                    totalCapped: boolean;
                                };
                                breaker: {
                                    total: number;
                                    totalCapped: boolean;
                                };
                                truncations: {
                                    total: number;
                                    totalCapped: boolean;
                                };
                            };
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memory-tool": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run one command of Anthropic's memory tool
         * @description `input` is the `tool_use` block's input (`view`, `create`, `str_replace`, `insert`, `delete`, `rename` over paths under `/memories`); the answer's `content` and `isError` are the `tool_result` to send back. Files are memories keyed by their path in the caller's scope.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        sessionId?: string;
                        userId?: string;
                        agentId?: string;
                        input: {
                            /** @enum {string} */
                            command: "view";
                            path: string;
                            view_range?: (number)[];
                        } | {
                            /** @enum {string} */
                            command: "create";
                            path: string;
                            file_text: string;
                        } | {
                            /** @enum {string} */
                            command: "str_replace";
                            path: string;
                            old_str: string;
                            /** @default  */
                            new_str?: string;
                        } | {
                            /** @enum {string} */
                            command: "insert";
                            path: string;
                            insert_line: number;
                            insert_text: string;
                        } | {
                            /** @enum {string} */
                            command: "delete";
                            path: string;
                        } | {
                            /** @enum {string} */
                            command: "rename";
                            old_path: string;
                            new_path: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            content: string;
                            isError: boolean;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memory-store": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a batch of LangGraph store operations
         * @description Reads see the scope as it was before the batch; puts (a `null` value deletes) apply after it, the last put of a key winning. Items are memories keyed by namespace and key in the caller’s scope.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        sessionId?: string;
                        userId?: string;
                        agentId?: string;
                        ops: ({
                            /** @enum {string} */
                            op: "get";
                            namespace: string[];
                            key: string;
                        } | {
                            /** @enum {string} */
                            op: "put";
                            namespace: string[];
                            key: string;
                            value: {
                                [key: string]: unknown;
                            } | null;
                        } | {
                            /** @enum {string} */
                            op: "search";
                            namespacePrefix: string[];
                            query?: string;
                        } | {
                            /** @enum {string} */
                            op: "namespaces";
                        })[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            results: ({
                                item: {
                                    namespace: string[];
                                    key: string;
                                    value: {
                                        [key: string]: unknown;
                                    };
                                    createdAt: string;
                                    updatedAt: string;
                                    score?: number;
                                } | null;
                            } | {
                                items: {
                                    namespace: string[];
                                    key: string;
                                    value: {
                                        [key: string]: unknown;
                                    };
                                    createdAt: string;
                                    updatedAt: string;
                                    score?: number;
                                }[];
                            } | {
                                namespaces: string[][];
                            } | {
                                /** @enum {boolean} */
                                ok: true;
                            })[];
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state (`code` says how) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body over the size limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Body is not application/json */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description The tenant's keys, newest first: id, name, role, bound agent, created and revoked. Never the key itself.
         *
         *     Operator keys only.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                name: string;
                                role: string;
                                agentId: string | null;
                                createdAt: string;
                                revokedAt: string | null;
                            }[];
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an API key
         * @description A key of the caller's tenant (`role` agent or operator; an agent key may be bound to one `agentId`). The answer carries the key itself, this once: store it, molt keeps only its hash. It authenticates at once, without a restart. While no key exists (an open `molt dev`) the first must be an operator key.
         *
         *     Operator keys only.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "role": "agent",
                     *       "name": "support bot",
                     *       "agentId": "support-bot"
                     *     }
                     */
                    "application/json": {
                        /**
                         * @default agent
                         * @enum {string}
                         */
                        role?: "agent" | "operator";
                        name?: string;
                        agentId?: string;
                        tenantId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            role: string;
                            agentId: string | null;
                            createdAt: string;
                            revokedAt: string | null;
                            tenantId: string;
                            key: string;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state (`code` says how) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description The key stops authenticating at once; its sessions and memories stay. The tenant's last operator key is refused (409).
         *
         *     Operator keys only.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            revoked: boolean;
                        };
                    };
                };
                /** @description Invalid request: `details` names the failing fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Missing, unknown or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Needs an operator key */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Unknown session, compaction, memory or extraction */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Conflicts with the current state (`code` says how) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Rate limited: retry after `Retry-After` seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                requestId: string;
                                code: string;
                                message: string;
                                details?: unknown;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;

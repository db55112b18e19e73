// Generated from molt's /openapi.json by client/generate.ts — do not edit by hand.
export interface paths {
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
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
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    breaker?: "open" | "closed";
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
                                replayOf: string | null;
                                workflowId: string;
                                runId: string | null;
                                startedAt: string;
                                finishedAt: string | null;
                            }[];
                            nextCursor: string | null;
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
        get: {
            parameters: {
                query?: {
                    query?: string;
                    type?: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill";
                    userId?: string;
                    agentId?: string;
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
                                /** @enum {string} */
                                type: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill";
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
                                score?: number;
                            }[];
                            nextCursor: string | null;
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
                                /** @enum {string} */
                                type: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill";
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
                                /** @enum {string} */
                                type: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill";
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
                                /** @enum {string} */
                                type: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill";
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
                                score?: number;
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
                            /** @enum {string} */
                            type: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill";
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
                                /** @enum {string} */
                                type: "profile" | "preference" | "entity" | "event" | "decision" | "case" | "pattern" | "tool" | "skill";
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
        patch?: never;
        trace?: never;
    };
    "/v1/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
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
    "/v1/memory-extractions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
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
                                } | null;
                                tokens: {
                                    input: number;
                                    output: number;
                                } | null;
                                error: string | null;
                                replayOf: string | null;
                                workflowId: string;
                                startedAt: string;
                                finishedAt: string | null;
                            }[];
                            nextCursor: string | null;
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
                            } | null;
                            tokens: {
                                input: number;
                                output: number;
                            } | null;
                            error: string | null;
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
                                } | null;
                                tokens: {
                                    input: number;
                                    output: number;
                                } | null;
                                error: string | null;
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

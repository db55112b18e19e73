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
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
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
                    content?: never;
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
                    content?: never;
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
                    content?: never;
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
                                skills: string[];
                                explain?: {
                                    id: string;
                                    type: string;
                                    content: string;
                                    score: number;
                                    trigram: number;
                                    matchedTerms: string[];
                                    injected: boolean;
                                }[];
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
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
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
                                kind: "add" | "supersede" | "delete";
                                extractionId: string | null;
                                before: unknown;
                                after: unknown;
                                createdAt: string;
                            }[];
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
                                kind: string;
                                memoryId: string;
                                before: unknown;
                                after: unknown;
                            }[];
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
            };
        };
        delete?: never;
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

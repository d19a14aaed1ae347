// Contracts of the webhooks area: DTOs, responses, NATS subjects and messages.
export {};

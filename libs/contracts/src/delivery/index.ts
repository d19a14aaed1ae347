// Contracts of the delivery area: DTOs, responses, NATS subjects and messages.
export {};

/** Length limits of a contact message: the form checks them as the driver types, the API enforces them. */
export const CONTACT_LIMITS = { nameMax: 100, emailMax: 254, messageMax: 5000 } as const;

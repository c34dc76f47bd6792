export const greet = (s: string): string => `${s}: `;

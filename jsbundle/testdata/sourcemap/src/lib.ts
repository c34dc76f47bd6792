// Types take lines that the bundle does not have.
export interface Shape {
	kind: string;
	size: number;
}

export function check(s: Shape): number {
	if (s.size < 0) {
		throw new RangeError(`negative size: ${s.size}`); // line 9
	}
	return s.size;
}

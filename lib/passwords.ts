import argon2 from 'argon2'

/** argon2id with the memory cost PASSWORD_HASH_MEMORY_KIB sets (argon2's own default, 64 MiB, unless set). */
const optionsOf = (memoryKib: number) => ({ type: argon2.argon2id, memoryCost: memoryKib } as const)

export const defaultHashMemoryKib = 65536

// A real hash of a random password per memory cost, verified when the email is unknown so that a login attempt
// takes as long whether or not the account exists. Made once, ahead of the first login (`prepareDecoy`).
const decoys = new Map<number, Promise<string>>()

function decoyOf (memoryKib: number): Promise<string> {
  let decoy = decoys.get(memoryKib)
  if (decoy === undefined) {
    decoy = argon2.hash(Math.random().toString(36), optionsOf(memoryKib))
    decoys.set(memoryKib, decoy)
  }
  return decoy
}

/** Starts the decoy hash of this cost in the background, so the first unknown email costs one verify like any other. */
export function prepareDecoy (memoryKib = defaultHashMemoryKib): void {
  void decoyOf(memoryKib)
}

export const hashPassword = (password: string, memoryKib = defaultHashMemoryKib): Promise<string> => argon2.hash(password, optionsOf(memoryKib))

/** A stored hash carries its own parameters: a cost changed later still verifies every older hash. */
export async function verifyPassword (hash: string | undefined, password: string, memoryKib = defaultHashMemoryKib): Promise<boolean> {
  try {
    return await argon2.verify(hash ?? await decoyOf(memoryKib), password)
  } catch {
    return false
  }
}

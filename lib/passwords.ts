import argon2 from 'argon2'

// A real hash of a random password, verified when the email is unknown so that
// a login attempt takes as long whether or not the account exists.
const decoy = argon2.hash(Math.random().toString(36), { type: argon2.argon2id })

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id })

export async function verifyPassword (hash: string | undefined, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash ?? await decoy, password)
  } catch {
    return false
  }
}

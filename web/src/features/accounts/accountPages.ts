// The account screens, loaded together the first time one of them is opened.
export { Login } from './Login';
export { CreateAccount } from './CreateAccount';
export { VerifyEmail } from './VerifyEmail';
export { VerifyLink, PasswordlessLogin } from './VerifyLink';
export { ResetPassword, ResetPasswordEmail, ResetPasswordByLink, ResetPasswordAccount } from './Passwords';
export { SetupAccount } from './SetupAccount';
export { Welcome } from './Welcome';
export { MyAccount } from './MyAccount';
export { AccountProfile, AccountNotifications, ContactUs } from './AccountProfile';
